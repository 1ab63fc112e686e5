// One verdict: the engine's validator (src/domain/validate/validate.ts, the one every input goes through at run time) and
// the published JSON Schemas (schemas/*.json) take and refuse the same inputs. The engine calls the check compiled
// from the schemas, so this holds what it adds to it (canonical cards and tag ids, its own rules) to refusing nothing
// more than written down. Property-based: inputs and commands built from every type, name, field and a pool of good
// and bad values. The differences are written down: a small blind above its big blind, which a JSON Schema cannot
// state, and a panel's `to` on a button other than a bet or a raise are refused by the engine (docs/contract.md).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { validateInput as engineInput } from '../../src/domain/validate/validate.ts';
import { parseCommand } from '../../src/mqtt/commands.ts';
import { validateInput as schemaInput } from '../../src/protocol/schemas.ts';
import { createTable } from '../../src/domain/table.ts';

const values: unknown[] = [
  0,
  1,
  2,
  3,
  10,
  11,
  -1,
  1.5,
  100,
  101,
  1000,
  1001,
  -1440,
  1440,
  1441,
  '',
  ' ',
  'x',
  'As',
  'as',
  '10h',
  ' Kd ',
  'Xx',
  '04:a1',
  '04a',
  'zz',
  true,
  false,
  null,
  [],
  {},
  'seat',
  'floor',
  'dealer',
  'allin',
  'burn',
  'exposed',
  'fold',
  'tda',
  'a'.repeat(300),
  { shotClock: {} },
  [{ smallBlind: 1, bigBlind: 2, minutes: 1 }],
  [{ break: true, minutes: 5 }],
  [{ smallBlind: 0, bigBlind: 2, minutes: 1 }],
  [{ smallBlind: 1, bigBlind: 2, minutes: 0 }],
  [{ smallBlind: 1, bigBlind: 2, ante: -1, minutes: 1 }],
  [{ smallBlind: 1, bigBlind: 2, minutes: 1, colour: 'red' }],
  'shoe',
  'board',
  'muck',
  'bet',
  'raise',
  'omaha',
  1_000_000_000,
  [5, 25],
  { action: 'call' },
  { action: 'raise', to: 0 },
];
const fields = [
  'card',
  'uid',
  'seat',
  'occupied',
  'button',
  'raises',
  'by',
  'device',
  'online',
  'detail',
  'name',
  'seats',
  'profile',
  'rules',
  'player',
  'rounds',
  'hands',
  'levels',
  'minutes',
  'step',
  'id',
  'extra',
  'place',
  'to',
  'added',
  'removed',
  'verbal',
  'chips',
  'game',
];
const types = [
  'card',
  'panel',
  'seat',
  'chips',
  'timebank',
  'clock-request',
  'device',
  'command',
  'shuffle',
  'tick',
  'dance',
];
const names = [
  'setup',
  'seat-player',
  'remove-player',
  'set-button',
  'set-stack',
  'penalty',
  'levels-start',
  'levels-pause',
  'levels-resume',
  'levels-adjust',
  'explode',
];

const anInput = fc
  .record({
    at: fc.oneof({ weight: 20, arbitrary: fc.constant(5) }, fc.constantFrom(...values)),
    type: fc.constantFrom(...types),
    name: fc.constantFrom(...names),
    more: fc.array(fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...values)), { maxLength: 4 }),
  })
  .map(({ at, type, name, more }) => {
    const input: Record<string, unknown> = { at, type };
    if (type === 'command') input.name = name;
    for (const [field, value] of more) input[field] = value;
    return input;
  });

/** The small blind above the big blind: the engine's own rule beyond the schema. */
const blindsReversed = (input: Record<string, unknown>) =>
  Array.isArray(input.levels) &&
  input.levels.some((l: { smallBlind?: unknown; bigBlind?: unknown }) => Number(l.smallBlind) > Number(l.bigBlind));

/** A panel's `to` on a button other than a bet or a raise: the engine's other rule beyond the schema. */
const toOffBet = (input: Record<string, unknown>) =>
  input.type === 'panel' && input.to !== undefined && input.button !== 'bet' && input.button !== 'raise';

describe('the engine and the schemas give the same verdict', () => {
  test('on any input built from the contract’s types, names, fields and values', () => {
    fc.assert(
      fc.property(anInput, (input) => {
        const engine = typeof engineInput(structuredClone(input)) !== 'string';
        const schema = schemaInput(input).ok;
        if (blindsReversed(input) || toOffBet(input)) return !engine;
        return engine === schema;
      }),
      { numRuns: 20_000 },
    );
  });

  test('the one disagreement, settled for the engine: a small blind above its big blind is refused everywhere', () => {
    const levels = [{ smallBlind: 500, bigBlind: 200, minutes: 20 }];
    expect(schemaInput({ at: 1, type: 'command', name: 'levels-start', levels }).ok).toBe(true);
    const mqtt = parseCommand('levels-start', { levels });
    expect(mqtt).toMatchObject({ ok: false, code: 'invalid-value' });
    const table = createTable({ profiles: loadProfiles() });
    table.apply({ at: 0, type: 'command', name: 'setup', seats: 6, profile: 'tda' });
    const [event] = table.apply({ at: 1, type: 'command', name: 'levels-start', levels });
    expect(event).toMatchObject({ type: 'input.rejected' });
    expect(!mqtt.ok && mqtt.error).toBe(event?.type === 'input.rejected' && event.reason);
  });
});
