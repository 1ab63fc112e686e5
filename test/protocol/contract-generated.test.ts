// The TypeScript types and the validators in src/protocol/generated/ are derived from the JSON Schemas by
// `npm run contract` (scripts/contract.mjs, scripts/contract-validators.mjs): a schema changed without regenerating
// fails here, and src/domain/conformance.ts and
// src/config/conformance.ts hold the engine's and the config's own types to the generated ones at compile time.
import { TEST_DIR } from '../helpers/paths.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { generate, generateRaw } from '../../scripts/contract.mjs';

const root = join(TEST_DIR, '..');

describe('types generated from the schemas', () => {
  test('src/protocol/generated/ is what `npm run contract` writes from the schemas today', async () => {
    const files = await generate();
    expect([...files.keys()].sort()).toEqual([
      'src/protocol/generated/devices.ts',
      'src/protocol/generated/messages.ts',
      'src/protocol/generated/profile.ts',
      'src/protocol/generated/table-config.ts',
      'src/protocol/generated/validate-config.ts',
      'src/protocol/generated/validate-devices.ts',
      'src/protocol/generated/validate-event.ts',
      'src/protocol/generated/validate-input.ts',
      'src/protocol/generated/validate-room-command.ts',
      'src/protocol/generated/validate-room.ts',
    ]);
    for (const [file, text] of files) {
      const committed = readFileSync(join(root, file), 'utf8');
      expect(committed === text, `${file} is stale: run npm run contract`).toBe(true);
    }
  });

  test('the generator reads the schemas: each input, command, event and device kind has its type', () => {
    const messages = generateRaw().get('src/protocol/generated/messages.ts')!;
    for (const name of [
      'InputCard',
      'InputPanel',
      'CommandSetup',
      'CommandLevelsAdjust',
      'EventHandStarted',
      'RoomCommandRegister',
    ])
      expect(messages).toContain(`export type ${name} =`);
    // a closed choice in the schema is a closed union in the type
    expect(messages).toMatch(/button:\s*\|?\s*'check'|button: "check"/);
    const devices = generateRaw().get('src/protocol/generated/devices.ts')!;
    for (const name of ['PcscShoeSpec', 'FirmataBoardSpec', 'SerialDisplaySpec']) expect(devices).toContain(name);
  });
});
