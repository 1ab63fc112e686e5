// The contract's JSON Schemas (schemas/*.schema.json) against what the engine really does: every event of the golden
// replays and of a long simulated session matches the event schema (secure and public forms), every input matches
// the input schema, every example in docs/protocol.md matches its schema, and on hand-picked examples the schema
// and the engine (a table's `input.rejected`, from src/domain/validate/validate.ts) give the same verdict.
import { TEST_DIR } from '../helpers/paths.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { toPublic } from '../../src/domain/secrecy.ts';
import { createTable } from '../../src/domain/table.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import { validateEvent } from '../../src/protocol/event-schema.ts';
import { validateCommand, validateInput, validateNetworkInput } from '../../src/protocol/schemas.ts';
import { runSession } from '../../src/sim/index.ts';
import { parse as parseYaml } from 'yaml';
import { pushNumbered } from '../helpers/numbered-table.ts';

const root = join(TEST_DIR, '..');
const fixtures = join(root, 'test/fixtures');
const profiles = loadProfiles();

/** The engine's verdict on one input: a fresh table set up with 10 seats takes it unless it answers
 * `input.rejected` (a refusal by the rules, `request.rejected`, means the input itself was well-formed). */
function engineTakes(input: unknown): boolean {
  const table = createTable({ profiles });
  table.apply({ at: 0, type: 'command', name: 'setup', seats: 10, profile: 'tda' });
  return !table.apply(input).some((e) => e.type === 'input.rejected');
}

/** Every event in both the forms a consumer can see: secure (all cards) and public. */
function eventProblems(events: readonly TableEvent[]): string[] {
  const problems: string[] = [];
  for (const event of events) {
    for (const form of [event, toPublic(event)]) {
      const r = validateEvent(JSON.parse(JSON.stringify(form)));
      if (!r.ok) problems.push(`${JSON.stringify(form)}: ${r.error}`);
    }
  }
  return problems;
}

describe('golden replays', () => {
  const files = readdirSync(fixtures).filter((f) => f.endsWith('.jsonl') && !f.endsWith('.expected.jsonl'));

  test.each(files)('%s: every event matches the event schema', (file) => {
    const text = readFileSync(join(fixtures, file.replace(/\.jsonl$/, '.expected.jsonl')), 'utf8');
    const events = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as TableEvent);
    expect(events.length).toBeGreaterThan(10);
    expect(eventProblems(events)).toEqual([]);
  });

  test.each(files)('%s: an input matches the input schema exactly when the replay took it', (file) => {
    const lines = readFileSync(join(fixtures, file), 'utf8').split('\n');
    const expected = readFileSync(join(fixtures, file.replace(/\.jsonl$/, '.expected.jsonl')), 'utf8');
    const rejectedLines = new Set(
      expected
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as TableEvent)
        .flatMap((e) => (e.type === 'input.rejected' && e.line !== undefined ? [e.line] : [])),
    );
    let checked = 0;
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        expect(rejectedLines.has(i + 1)).toBe(true); // not JSON: no schema applies, the replay refused it
        return;
      }
      checked++;
      expect({ line: i + 1, ok: validateInput(json).ok }).toEqual({ line: i + 1, ok: !rejectedLines.has(i + 1) });
    });
    expect(checked).toBeGreaterThan(10);
  });
});

describe('a long simulated session', () => {
  test.each(['tda', 'club', 'robert'])('%s: 150 hands with irregularities, every input and event match', (profile) => {
    const inputProblems: string[] = [];
    const events: TableEvent[] = [];
    const result = runSession(
      {
        seed: 7,
        seats: 9,
        players: 8,
        profile,
        irregularityRate: 0.3,
        startAt: 1_767_000_000_000,
        profiles,
        hands: 150,
        keepInputs: false,
        onInput: (input, evs) => {
          const r = validateInput(JSON.parse(JSON.stringify(input)));
          if (!r.ok) inputProblems.push(`${JSON.stringify(input)}: ${r.error}`);
          pushNumbered(events, evs);
        },
      },
      createTable({ profiles }),
    );
    expect(result.hands).toBe(150);
    expect(inputProblems).toEqual([]);
    expect(eventProblems(events)).toEqual([]);
    // the session is worth checking: most of the event types a table gives
    const types = new Set(events.map((e) => e.type));
    for (const t of [
      'hand.started',
      'card.dealt',
      'board',
      'action.on',
      'action',
      'showdown',
      'hand.ended',
      'irregularity',
      'misdeal',
    ])
      expect(types).toContain(t);
  });
});

/** The JSON examples of docs/protocol.md: fenced blocks tagged `json command`, `json input`, `json event`, one
 * example a line. */
function docExamples(kind: 'command' | 'input' | 'event'): unknown[] {
  const text = readFileSync(join(root, 'docs/protocol.md'), 'utf8');
  const blocks = [...text.matchAll(new RegExp('```json ' + kind + '\\n([\\s\\S]*?)```', 'g'))];
  return blocks.flatMap((m) =>
    m[1]!
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as unknown),
  );
}

// Arrive with the floor-fixes branch (levels-adjust, penalty by hands): in the schema and the docs already, not yet
// known to this engine, so left out of the schema-against-engine comparison only.

describe('docs/protocol.md examples', () => {
  test('every command example matches the command schema, and every command has one', () => {
    const examples = docExamples('command') as Record<string, unknown>[];
    for (const c of examples) expect({ c, r: validateCommand(c) }).toEqual({ c, r: { ok: true } });
    const schema = JSON.parse(readFileSync(join(root, 'schemas/command.schema.json'), 'utf8')) as {
      oneOf: { $ref: string }[];
    };
    const names = schema.oneOf.map((b) => b.$ref.replace('#/definitions/', ''));
    expect(new Set(examples.map((c) => c.name))).toEqual(new Set(names));
  });

  test('every input and event example matches its schema', () => {
    const inputs = docExamples('input');
    const events = docExamples('event');
    expect(inputs.length).toBeGreaterThan(8);
    expect(events.length).toBeGreaterThan(20);
    for (const i of inputs) expect({ i, r: validateInput(i) }).toEqual({ i, r: { ok: true } });
    for (const e of events) expect({ e, r: validateEvent(e) }).toEqual({ e, r: { ok: true } });
  });

  test('every event type of the schema is documented', () => {
    const text = readFileSync(join(root, 'docs/protocol.md'), 'utf8');
    const schema = JSON.parse(readFileSync(join(root, 'schemas/event.schema.json'), 'utf8')) as {
      definitions: Record<string, { properties?: { type?: { const?: string; enum?: string[] } } }>;
    };
    const types = Object.values(schema.definitions).flatMap(
      (d) => d.properties?.type?.enum ?? (d.properties?.type?.const ? [d.properties.type.const] : []),
    );
    expect(types.length).toBeGreaterThan(30);
    for (const t of types) expect(text).toContain(`\`${t}\``);
  });

  test('the engine takes every input and command example (the ones it knows)', () => {
    const commands = (docExamples('command') as Record<string, unknown>[]).map((c) => ({
      type: 'command',
      at: 0,
      ...c,
    }));
    for (const input of [...docExamples('input'), ...commands])
      expect({ input, engine: engineTakes(input) }).toEqual({ input, engine: true });
  });
});

// Hand-picked: the schema must refuse what the engine refuses, and take what it takes.
const VALID: unknown[] = [
  { at: 0, type: 'shuffle' },
  { at: 0, type: 'tick' },
  { at: 5, type: 'card', card: 'As' },
  { at: 5, type: 'card', card: '10h' },
  { at: 5, type: 'card', card: ' td ' },
  { at: 5, type: 'card', uid: '04:A2:2B:7C' },
  { at: 5, type: 'card', card: 'Kd', uid: 'not hex' }, // `card` wins, `uid` is ignored
  { at: 5, type: 'card', card: 'As', place: 'shoe', reader: 2 }, // device adapters may add fields
  { at: 5, type: 'card', card: 'As', place: 'seat', seat: 10 }, // R-CARD-PLACE: a sighting
  { at: 5, type: 'card', uid: '04aa', place: 'board' },
  { at: 5, type: 'card', card: 'Td', place: 'muck' },
  { at: 5, type: 'card', card: 'Td', place: 'board', seat: 2 }, // `seat` is read with place "seat" only
  { at: 5, type: 'card', card: 'Td', seat: 2 }, // a shoe read, as before `place` existed
  { at: 1, type: 'seat', seat: 10, occupied: false },
  { at: 1, type: 'panel', button: 'fold' },
  { at: 1, type: 'panel', button: 'exposed', card: 'Qh' },
  { at: 1, type: 'panel', button: 'burn', card: '2c' },
  { at: 1, type: 'panel', button: 'allin', raises: false },
  { at: 1, type: 'panel', button: 'call', raises: 'whatever' }, // only an all-in reads `raises`
  { at: 1, type: 'timebank', seat: 3 },
  { at: 1, type: 'clock-request', by: 'seat', seat: 4 },
  { at: 1, type: 'clock-request', by: 'floor' },
  { at: 1, type: 'clock-request', by: 'dealer', seat: 'ignored' },
  { at: 1, type: 'device', device: 'shoe', online: false, detail: 'unplugged' },
  { at: 1, type: 'device', device: 'shoe', online: true },
  { at: 0, type: 'command', name: 'setup', seats: 2 },
  {
    at: 0,
    type: 'command',
    name: 'setup',
    seats: 10,
    profile: 'club',
    rules: { shotClock: { enabled: true } },
    id: 'a',
  },
  { at: 0, type: 'command', name: 'seat-player', seat: 1, player: 'valueOf', id: 7 },
  { at: 0, type: 'command', name: 'seat-player', seat: 1, player: 42 },
  { at: 0, type: 'command', name: 'remove-player', seat: 2 },
  { at: 0, type: 'command', name: 'set-button', seat: 9 },
  { at: 0, type: 'command', name: 'penalty', seat: 2, rounds: 100 },
  { at: 0, type: 'command', name: 'levels-start', levels: [{ smallBlind: 100, bigBlind: 200, minutes: 0.5 }] },
  {
    at: 0,
    type: 'command',
    name: 'levels-start',
    levels: [
      { break: true, minutes: 10 },
      { smallBlind: 100, bigBlind: 200, ante: 0, minutes: 1440 },
    ],
  },
  { at: 0, type: 'command', name: 'levels-pause' },
  { at: 0, type: 'command', name: 'levels-resume', id: 'r1' },
  { at: 0, type: 'command', name: 'levels-adjust', minutes: -1 },
  { at: 0, type: 'command', name: 'levels-adjust', step: 1 },
  { at: 0, type: 'command', name: 'penalty', seat: 2, hands: 3 },
];
const INVALID: unknown[] = [
  { type: 'shuffle' },
  { at: -1, type: 'shuffle' },
  { at: 1.5, type: 'tick' },
  { at: 1, type: 'dance' },
  { at: 1 },
  { at: 1, type: 'card' },
  { at: 1, type: 'card', card: 'Xx' },
  { at: 1, type: 'card', card: 'A' },
  { at: 1, type: 'card', uid: 'zz!' },
  { at: 1, type: 'card', uid: 'a' },
  { at: 1, type: 'card', card: 'As', place: 'seat' },
  { at: 1, type: 'card', card: 'As', place: 'seat', seat: 11 },
  { at: 1, type: 'card', card: 'As', place: 'table' },
  { at: 1, type: 'seat', seat: 0, occupied: true },
  { at: 1, type: 'seat', seat: 11, occupied: true },
  { at: 1, type: 'seat', seat: 1, occupied: 'yes' },
  { at: 1, type: 'panel', button: 'shove' },
  { at: 1, type: 'panel', button: 'burn' },
  { at: 1, type: 'panel', button: 'exposed', card: 'Zz' },
  { at: 1, type: 'panel', button: 'allin', raises: 'no' },
  { at: 1, type: 'timebank' },
  { at: 1, type: 'clock-request', by: 'seat' },
  { at: 1, type: 'clock-request', by: 'player' },
  { at: 1, type: 'device', device: '', online: true },
  { at: 1, type: 'device', device: 'shoe' },
  { at: 1, type: 'command', name: 'explode' },
  { at: 1, type: 'command', name: 'levels-adjust' },
  { at: 1, type: 'command', name: 'levels-adjust', step: 2 },
  { at: 1, type: 'command', name: 'levels-adjust', minutes: 1, step: 1 },
  { at: 1, type: 'command', name: 'penalty', seat: 2, rounds: 1, hands: 1 },
  { at: 1, type: 'command' },
  { at: 1, type: 'command', name: 'setup', seats: 1, profile: 'tda' },
  { at: 1, type: 'command', name: 'setup', seats: 11 },
  { at: 1, type: 'command', name: 'setup', seats: 6, profile: '' },
  { at: 1, type: 'command', name: 'setup', seats: 6, rules: [] },
  { at: 1, type: 'command', name: 'setup', seats: 6, color: 'red' },
  { at: 1, type: 'command', name: 'seat-player', seat: 1 },
  { at: 1, type: 'command', name: 'seat-player', seat: 1, player: '  ' },
  { at: 1, type: 'command', name: 'seat-player', seat: 1, player: 'A', toString: 'x' },
  { at: 1, type: 'command', name: 'seat-player', seat: 1, player: 'A', id: true },
  { at: 1, type: 'command', name: 'remove-player' },
  { at: 1, type: 'command', name: 'set-button', seat: 0 },
  { at: 1, type: 'command', name: 'penalty', seat: 1, rounds: 0 },
  { at: 1, type: 'command', name: 'penalty', seat: 1, rounds: 101 },
  { at: 1, type: 'command', name: 'penalty', seat: 1 },
  { at: 1, type: 'command', name: 'levels-start', levels: [] },
  { at: 1, type: 'command', name: 'levels-start', levels: 'fast' },
  { at: 1, type: 'command', name: 'levels-start', levels: [{ break: true, minutes: 5 }] },
  { at: 1, type: 'command', name: 'levels-start', levels: [{ smallBlind: 1, bigBlind: 2, minutes: 0 }] },
  { at: 1, type: 'command', name: 'levels-start', levels: [{ smallBlind: 1, bigBlind: 2, minutes: 1441 }] },
  { at: 1, type: 'command', name: 'levels-start', levels: [{ smallBlind: 1, minutes: 5 }] },
  { at: 1, type: 'command', name: 'levels-start', levels: [{ smallBlind: 1, bigBlind: 2, ante: -1, minutes: 5 }] },
  { at: 1, type: 'command', name: 'levels-start', levels: [{ smallBlind: 1, bigBlind: 2, minutes: 5, color: 1 }] },
  { at: 1, type: 'command', name: 'levels-start', levels: [7] },
  { at: 1, type: 'command', name: 'levels-pause', seat: 1 },
];

describe('the schema and the engine agree', () => {
  test.each(VALID.map((v) => [JSON.stringify(v), v]))('both take %s', (_, input) => {
    expect(engineTakes(input)).toBe(true);
    expect(validateInput(input)).toEqual({ ok: true });
  });

  test.each(INVALID.map((v) => [JSON.stringify(v), v]))('both refuse %s', (_, input) => {
    expect(engineTakes(input)).toBe(false);
    expect(validateInput(input).ok).toBe(false);
  });

  test('refusals name the field and what would be right', () => {
    const error = (v: unknown) => {
      const r = validateInput(v);
      return r.ok ? 'ok' : r.error;
    };
    expect(error({ at: 1, type: 'dance' })).toMatch(/unknown type "dance" \(known: shuffle, card, .*command, tick/);
    expect(error({ at: 1, type: 'command', name: 'fly' })).toMatch(/unknown name "fly" \(known: setup, seat-player/);
    expect(error({ at: 1, type: 'command', name: 'seat-player', seat: 1, player: 'A', color: 1 })).toMatch(
      /unknown field "color"/,
    );
    expect(error({ at: 1, type: 'command', name: 'seat-player', seat: 12, player: 'A' })).toMatch(/seat must be <= 10/);
    expect(error({ at: 1, type: 'command', name: 'penalty', seat: 1 })).toMatch(
      /needs exactly one of "rounds", "hands"/,
    );
    expect(error({ at: 1, type: 'card', card: 'Xx' })).toMatch(/card must be a card: rank AKQJT98765432/);
    expect(error({ at: 1, type: 'command', name: 'levels-start', levels: [{ break: true, minutes: 5 }] })).toMatch(
      /levels must not be only breaks/,
    );
    expect(
      error({
        at: 1,
        type: 'command',
        name: 'levels-start',
        levels: [{ smallBlind: 1, bigBlind: 2, minutes: 5, x: 1 }],
      }),
    ).toMatch(/unknown field "levels.0.x"/);
  });

  test('a networked input has no `at`: the controller sets it', () => {
    expect(validateNetworkInput({ type: 'panel', button: 'fold' })).toEqual({ ok: true });
    expect(validateNetworkInput({ type: 'panel', button: 'shove' }).ok).toBe(false);
    expect(validateNetworkInput('garbage').ok).toBe(false);
  });
});

describe('docs/asyncapi.yaml', () => {
  const api = parseYaml(readFileSync(join(root, 'docs/asyncapi.yaml'), 'utf8')) as {
    channels: Record<string, { parameters?: { name?: { schema: { enum: string[] } } } }>;
  };
  const text = readFileSync(join(root, 'docs/asyncapi.yaml'), 'utf8');

  test('refers to the eight schemas, and each reference resolves', () => {
    const refs = [...text.matchAll(/\$ref: '(\.\.\/schemas\/[^']+)'/g)].map((m) => m[1]!);
    expect(new Set(refs)).toEqual(
      new Set([
        '../schemas/command.schema.json',
        '../schemas/input.schema.json',
        '../schemas/event.schema.json',
        '../schemas/broadcast.schema.json',
        '../schemas/ohh.schema.json',
        '../schemas/room-command.schema.json',
        '../schemas/room-prizes.schema.json',
        '../schemas/room-money-event.schema.json',
      ]),
    );
    for (const ref of refs) expect(() => readFileSync(join(root, 'docs', ref), 'utf8')).not.toThrow();
  });

  test("lists the command schema's commands on cmd/{name}", () => {
    const schema = JSON.parse(readFileSync(join(root, 'schemas/command.schema.json'), 'utf8')) as {
      oneOf: { $ref: string }[];
    };
    const names = schema.oneOf.map((b) => b.$ref.replace('#/definitions/', ''));
    expect(api.channels['pokertable/{tableId}/cmd/{name}']!.parameters!.name!.schema.enum).toEqual(names);
  });
});
