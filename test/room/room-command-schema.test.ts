// The room's commands as a contract (issue 22, item 1): schemas/room-command.schema.json, compiled by
// `npm run contract` into src/protocol/generated/validate-room-command.ts, listed in docs/asyncapi.yaml, and in step
// with the room engine's own validator and the shipped ACL.
import { TEST_DIR } from '../helpers/paths.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ROOM_COMMAND_NAMES, validateRoomCommandShape } from '../../src/protocol/generated/validate-room-command.ts';
import { validateRoomInput } from '../../src/room/engine/validate.ts';

const root = join(TEST_DIR, '..');
const schema = JSON.parse(readFileSync(join(root, 'schemas/room-command.schema.json'), 'utf8')) as {
  oneOf: { $ref: string }[];
};
const names = schema.oneOf.map((b) => b.$ref.replace('#/definitions/', ''));

describe('schemas/room-command.schema.json', () => {
  test('docs/asyncapi.yaml lists its commands on room/{roomId}/cmd/{name}', () => {
    const api = parseYaml(readFileSync(join(root, 'docs/asyncapi.yaml'), 'utf8')) as {
      channels: Record<string, { parameters?: { name?: { schema: { enum: string[] } } } }>;
    };
    expect(api.channels['room/{roomId}/cmd/{name}']!.parameters!.name!.schema.enum).toEqual(names);
    expect(ROOM_COMMAND_NAMES).toEqual(names);
  });

  test('the ACL lets the floor send each command but setup (the service sends setup itself)', () => {
    const acl = readFileSync(join(root, 'config/mosquitto/pokertable.acl'), 'utf8');
    const allowed = [...acl.matchAll(/^topic write room\/\+\/cmd\/([a-z-]+)$/gm)].map((m) => m[1]!);
    expect(new Set(allowed)).toEqual(new Set(names.filter((n) => n !== 'setup')));
  });

  test('what the schema takes, the engine takes too; unknown fields and prototype names are refused', () => {
    const good = [
      { name: 'register', player: 'Ann', id: 'f1' },
      { name: 'open-table', table: 'B' },
      {
        name: 'levels-start',
        levels: [
          { smallBlind: 1, bigBlind: 2, minutes: 10 },
          { break: true, minutes: 5 },
        ],
      },
      { name: 'levels-pause' },
      { name: 'balance-at', players: 3 },
      { name: 'rebuy', player: 'Ann' },
      { name: 'add-on', player: 'Ann', id: 7 },
      {
        name: 'deal',
        shares: [
          { player: 'Ann', amount: 60000 },
          { player: 'Bob', amount: 40000 },
        ],
      },
    ];
    for (const c of good) {
      expect(validateRoomCommandShape(c), JSON.stringify(c)).toBe(true);
      expect(typeof validateRoomInput({ ...c, type: 'command', at: 1 })).toBe('object');
    }
    for (const raw of [
      '{"name":"register","player":"Ann","extra":"x"}',
      '{"name":"register","player":"Ann","__proto__":{"polluted":true}}',
      '{"name":"levels-pause","constructor":1}',
      '{"name":"register","player":""}',
      '{"name":"balance-at","players":1}',
      '{"name":"open-table","table":"../x"}',
      '{"name":"rebuy","player":"Ann","chips":5000}',
      '{"name":"add-on"}',
      '{"name":"deal","shares":[{"player":"Ann","amount":1.5}]}',
      '{"name":"deal","shares":[{"player":"Ann","amount":100,"note":"x"}]}',
    ])
      expect(validateRoomCommandShape(JSON.parse(raw)), raw).toBe(false);
  });
});
