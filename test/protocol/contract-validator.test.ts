// One validator, compiled from the contract's schemas by `npm run contract` (src/protocol/generated/validate-*.ts):
// pure code that the engine (src/domain/validate/validate.ts) and the MQTT input edge (src/protocol/schemas.ts) call, with no
// schema compiler at run time; the engine keeps only what a schema cannot say, and its words (docs/contract.md).
import { TEST_DIR } from '../helpers/paths.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { COMMAND_FIELD_NAMES, validateCommand, validateInput } from '../../src/domain/validate/validate.ts';
import { COMMAND_NAMES, validateCommandShape, validateInputShape } from '../../src/protocol/generated/validate-input.ts';
import { validateNetworkInput } from '../../src/protocol/schemas.ts';

const root = join(TEST_DIR, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('the compiled validators', () => {
  test('are pure code: no module loaded (no ajv runtime helper), no I/O, no code built at run time', () => {
    for (const file of ['src/protocol/generated/validate-input.ts', 'src/protocol/generated/validate-event.ts']) {
      const code = read(file);
      const imports = [...code.matchAll(/^import .*$/gm)].map((m) => m[0]);
      expect({ file, imports }).toEqual({ file, imports: ["import type { ShapeCheck } from '../shape.ts';"] });
      expect(code).not.toMatch(/\brequire\s*\(|\bimport\s*\(|new Function|\beval\(|\bprocess\.|globalThis/);
    }
  });

  test('no module of the engine, the contract layer or the MQTT edge loads ajv', () => {
    for (const dir of ['src/domain', 'src/protocol', 'src/mqtt', 'src/runtime', 'src/sim', 'src/cli']) {
      for (const name of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })) {
        if (!name.endsWith('.ts')) continue;
        const file = `${dir}/${name}`;
        expect({ file, ajv: /from 'ajv|import\('ajv/.test(read(file)) }).toEqual({ file, ajv: false });
      }
    }
  });

  test('the engine and the MQTT input edge call the same compiled check', () => {
    const panel = { type: 'panel', button: 'raise', to: 0 };
    expect(validateInputShape({ ...panel, at: 1 })).toBe(false);
    expect(validateInputShape.errors?.[0]).toMatchObject({ instancePath: '/to', keyword: 'minimum' });
    expect(validateNetworkInput(panel)).toEqual({
      ok: false,
      error: 'input does not match the schema: to must be >= 1',
    });
    expect(validateInput({ ...panel, at: 1 })).toBe('to: chips must be a whole number from 1 to 1000000000');
  });
});

describe("the engine keeps only what a schema cannot say, and the floor's words", () => {
  test('a command is the closed set of fields the schema lists, and the MQTT edge lists the same', () => {
    const schema = JSON.parse(read('schemas/command.schema.json')) as {
      definitions: Record<string, { properties: Record<string, unknown> }>;
    };
    expect([...COMMAND_NAMES].sort()).toEqual(Object.keys(COMMAND_FIELD_NAMES).sort());
    for (const name of COMMAND_NAMES) {
      const own = Object.keys(schema.definitions[name]!.properties).filter(
        (f) => !['name', 'id', 'type', 'at'].includes(f),
      );
      expect({ name, fields: COMMAND_FIELD_NAMES[name as keyof typeof COMMAND_FIELD_NAMES] }).toEqual({
        name,
        fields: own,
      });
    }
  });

  test.each([
    [{ at: -1, type: 'tick' }, '`at` must be a non-negative integer (milliseconds)'],
    [{ at: 1 }, '`type` is missing'],
    [{ at: 1, type: 'dance' }, 'unknown input type "dance"'],
    [{ at: 1, type: 'seat', seat: 11, occupied: 'yes' }, 'seat must be a seat number from 1 to 10'],
    [{ at: 1, type: 'seat', seat: 1 }, 'occupied must be true or false'],
    [{ at: 1, type: 'card' }, 'a card input needs `card` or `uid`'],
    [{ at: 1, type: 'card', uid: 'zz' }, 'uid must be a hex tag id'],
    [{ at: 1, type: 'card', card: 'Xx', place: 'table' }, 'card: place must be shoe, seat, board or muck'],
    [
      { at: 1, type: 'card', card: 'As', place: 'seat' },
      'card: place "seat" needs the seat, a seat number from 1 to 10',
    ],
    // the engine's rule beyond the schema is named before a later field's error, as it always was
    [{ at: 1, type: 'panel', button: 'check', to: 5, card: 'Xx' }, 'only a bet or raise carries `to`'],
    [{ at: 1, type: 'panel', button: 'burn' }, 'burn needs `card`: the card drawn as the burn'],
    [
      { at: 1, type: 'chips', seat: 1, added: [5], removed: [], verbal: { action: 'call', to: 0 } },
      'chips: verbal.to: chips must be a whole number from 1 to 1000000000',
    ],
    [
      { at: 1, type: 'command', name: 'penalty', seat: 2, rounds: 1, hands: 2, colour: 'red' },
      'penalty: unknown field "colour" (fields: seat, rounds, hands)',
    ],
    [
      { at: 1, type: 'command', name: 'penalty', seat: 2, rounds: 1, hands: 2 },
      'penalty: give either rounds (R-PENALTY: rounds × players) or hands (a number of hands)',
    ],
    [{ at: 1, type: 'command', name: 'levels-pause', id: [] }, 'command id must be a string'],
    [{ at: 1, type: 'command', name: 'explode' }, 'unknown command "explode"'],
    [
      { at: 1, type: 'command', name: 'levels-start', levels: [{ smallBlind: 1, bigBlind: 2, minutes: 0 }] },
      'levels-start: level 1 of the structure: minutes must be more than 0 and at most 1440 (got 0)',
    ],
  ])('%j is refused: %s', (raw, words) => {
    expect(validateInput(raw)).toBe(words);
  });

  test('what passes the schema is made canonical: cards, tag ids, texts cut to 200 characters', () => {
    expect(validateInput({ at: 1, type: 'card', card: ' td ', place: 'seat', seat: 3 })).toEqual({
      type: 'card',
      at: 1,
      card: 'Td',
      place: 'seat',
      seat: 3,
    });
    expect(validateInput({ at: 1, type: 'card', uid: '04:A1:b2', place: 'shoe' })).toEqual({
      type: 'card',
      at: 1,
      uid: '04a1b2',
    });
    const player = 'p'.repeat(300);
    expect(validateCommand({ name: 'seat-player', seat: 1, player })).toEqual({
      name: 'seat-player',
      seat: 1,
      player: player.slice(0, 200),
    });
    expect(
      validateCommandShape({ name: 'levels-start', levels: [{ smallBlind: 500, bigBlind: 200, minutes: 20 }] }),
    ).toBe(true);
    expect(
      validateCommand({ name: 'levels-start', levels: [{ smallBlind: 500, bigBlind: 200, minutes: 20 }] }),
    ).toMatch(/small blind \(500\) is larger than the big blind \(200\)/);
  });
});
