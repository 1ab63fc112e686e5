// Names that Object.prototype already holds (`toString`, `constructor`, `__proto__`, …) are data like any other word:
// as a field name they are unknown fields, as a value they are plain text, and neither may crash the engine or pass
// validation by finding a member of Object.prototype. Plus one seat limit (2 to MAX_SEATS) everywhere.
// Everything goes through the engine's public API (createTable().apply), as the runtime and the replay do.
import { describe, expect, test } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import type { EngineEvent } from '../../src/domain/types.ts';
import { MAX_SEATS } from '../../src/domain/limits.ts';
import { createTable } from '../../src/domain/table.ts';

const profiles = loadProfiles();
const NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'] as const;

/** `base` with one more field, built as JSON text and parsed, as it arrives from a wire or a journal: `__proto__`
 * is then an own field, exactly as JSON.parse makes it. */
function withField(base: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const head = JSON.stringify(base).slice(0, -1);
  const text = `${head}${head === '{' ? '' : ','}${JSON.stringify(name)}:${JSON.stringify(value)}}`;
  return JSON.parse(text) as Record<string, unknown>;
}

/** A 6-seat tda table with four present players, button 1, a level clock running, and a hand dealt to the flop
 * betting when `dealt` (seat 4 on action: dealt 2, 3, 4, 1). */
function table(dealt = false) {
  const t = createTable({ profiles });
  let at = 0;
  const send = (input: Record<string, unknown>, after = 100): EngineEvent[] => {
    at += after;
    return t.apply({ at, ...input });
  };
  send({ type: 'command', name: 'setup', seats: 6, profile: 'tda' }, 0);
  for (const seat of [1, 2, 3, 4]) {
    send({ type: 'command', name: 'seat-player', seat, player: `P${seat}` }, 0);
    send({ type: 'seat', seat, occupied: true }, 0);
  }
  send({ type: 'tick' }, 1000);
  send({ type: 'command', name: 'set-button', seat: 1 });
  send({ type: 'command', name: 'levels-start', levels: [{ smallBlind: 1, bigBlind: 2, minutes: 20 }] });
  if (dealt) {
    send({ type: 'shuffle' });
    for (const card of ['As', 'Kd', 'Qc', 'Jh', 'Ts', '9d', '8c', '7h']) send({ type: 'card', card });
  }
  return { send, apply: (raw: unknown) => t.apply(raw), snapshot: () => t.snapshot() };
}

const noInternalError = (events: EngineEvent[]) =>
  expect(events.filter((e) => e.type === 'input.rejected' && /internal error/.test(e.reason))).toEqual([]);

const COMMANDS: Record<string, unknown>[] = [
  { name: 'setup', seats: 6, profile: 'tda' },
  { name: 'seat-player', seat: 5, player: 'Eve' },
  { name: 'remove-player', seat: 1 },
  { name: 'set-button', seat: 2 },
  { name: 'penalty', seat: 1, rounds: 1 },
  { name: 'levels-start', levels: [{ smallBlind: 2, bigBlind: 4, minutes: 20 }] },
  { name: 'levels-pause' },
  { name: 'levels-resume' },
];

describe('built-in names as field names', () => {
  const rows = COMMANDS.flatMap((c) => [...NAMES, 'color'].map((name) => [c.name as string, name, c] as const));
  test.each(rows)('command %s with a field "%s" is refused as an unknown field', (_, name, command) => {
    const t = table();
    const events = t.send(withField({ type: 'command', ...command }, name, 'x'));
    expect(events).toEqual([
      expect.objectContaining({ type: 'input.rejected', reason: expect.stringContaining(`unknown field "${name}"`) }),
    ]);
  });

  test.each(NAMES)('a level of levels-start with a field "%s" is refused', (name) => {
    const level = withField({ smallBlind: 1, bigBlind: 2, minutes: 10 }, name, 'x');
    const [e] = table().send({ type: 'command', name: 'levels-start', levels: [level] });
    expect(e).toMatchObject({ type: 'input.rejected', reason: expect.stringContaining(`unknown field "${name}"`) });
  });

  // Other inputs come from hardware adapters that may add fields of their own (protocol.md: `place`, an input id):
  // the engine reads its fields by fixed names and ignores the rest, so an extra field changes nothing at all.
  const INPUTS: Record<string, unknown>[] = [
    { type: 'card', card: 'Qs' },
    { type: 'card', uid: '04a1b2c3' },
    { type: 'panel', button: 'check' },
    { type: 'panel', button: 'exposed', card: 'As' },
    { type: 'seat', seat: 5, occupied: true },
    { type: 'timebank', seat: 4 },
    { type: 'clock-request', by: 'floor' },
    { type: 'clock-request', by: 'seat', seat: 1 },
    { type: 'device', device: 'shoe', online: false, detail: 'unplugged' },
    { type: 'shuffle' },
    { type: 'tick' },
  ];
  const inputRows = INPUTS.flatMap((input) => NAMES.map((name) => [input.type as string, name, input] as const));
  test.each(inputRows)('input %s with a field "%s" gives the same events as without it', (_, name, input) => {
    const plain = table(true);
    const extra = table(true);
    const expected = plain.send({ ...input });
    expect(extra.send(withField(input, name, { card: 'Ah', seat: 2 }))).toEqual(expected);
    expect(extra.snapshot()).toEqual(plain.snapshot());
  });

  test.each(NAMES)('fields hidden under "%s" are not read: the input lacks them', (name) => {
    const t = table(true);
    expect(t.send(withField({ type: 'card' }, name, { card: 'Qs' }))[0]).toMatchObject({
      type: 'input.rejected',
      reason: expect.stringMatching(/`card` or `uid`/),
    });
    expect(t.send(withField({ type: 'command' }, name, { name: 'remove-player', seat: 1 }))[0]).toMatchObject({
      type: 'input.rejected',
      reason: expect.stringMatching(/unknown command/),
    });
  });

  test('an object whose prototype carries the fields is refused, not read through its prototype', () => {
    const t = table(true);
    const sneaky = Object.create({ type: 'panel', button: 'fold' }) as Record<string, unknown>;
    sneaky.at = 100_000;
    expect(t.apply(sneaky)).toEqual([
      expect.objectContaining({ type: 'input.rejected', reason: expect.stringMatching(/JSON object/) }),
    ]);
    const viaProto = Object.create({ seats: 6, profile: 'tda' }) as Record<string, unknown>;
    Object.assign(viaProto, { type: 'command', name: 'setup', at: 100_000 });
    expect(t.apply(viaProto)[0]).toMatchObject({ type: 'input.rejected' });
  });
});

describe('built-in names as values', () => {
  test.each(NAMES)('setup with profile "%s" is an unknown profile', (name) => {
    const events = table().send({ type: 'command', name: 'setup', seats: 6, profile: name });
    noInternalError(events);
    expect(events).toEqual([
      expect.objectContaining({ type: 'request.rejected', reason: expect.stringMatching(/^unknown-profile/) }),
    ]);
  });

  const rules = NAMES.flatMap((name) => [
    [name, 'a top-level rule', withField({}, name, 1)],
    [name, 'a nested rule', { shotClock: withField({}, name, 1) }],
    [name, 'an object under it', withField({}, name, { flopTooMany: 'redeal' })],
  ]);
  test.each(rules)('setup.rules with "%s" as %s is refused', (name, _, rule) => {
    const t = table();
    const events = t.send({ type: 'command', name: 'setup', seats: 6, profile: 'tda', rules: rule });
    noInternalError(events);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'request.rejected',
        request: 'setup',
        reason: expect.stringMatching(new RegExp(`^invalid-rules: .*${String(name)} is not a profile field`)),
      }),
    ]);
  });

  test.each(NAMES)('setup.rules with the value "%s" is refused', (name) => {
    const events = table().send({
      type: 'command',
      name: 'setup',
      seats: 6,
      profile: 'tda',
      rules: { flopTooMany: name },
    });
    expect(events[0]).toMatchObject({ type: 'request.rejected', reason: expect.stringMatching(/flopTooMany must be/) });
  });

  test.each(NAMES)('"%s" is a player name like any other', (name) => {
    const t = table();
    expect(t.send({ type: 'command', name: 'seat-player', seat: 5, player: name })).toEqual([
      expect.objectContaining({ type: 'player.seated', seat: 5, player: name }),
    ]);
    expect(t.send({ type: 'command', name: 'seat-player', seat: 6, player: name })[0]).toMatchObject({
      type: 'request.rejected',
      reason: 'player-already-seated',
    });
    expect(t.send({ type: 'shuffle' })[0]).toMatchObject({
      type: 'hand.started',
      dealtIn: expect.arrayContaining([5]),
    });
    expect(t.send({ type: 'command', name: 'remove-player', seat: 5 })[0]).toMatchObject({ player: name });
  });

  test.each(NAMES)('"%s" as a device name, a command id and a detail is plain text', (name) => {
    const t = table();
    expect(t.send({ type: 'device', device: name, online: true, detail: name })).toEqual([
      expect.objectContaining({ type: 'device.online', device: name, detail: name }),
    ]);
    expect(t.send({ type: 'command', name: 'set-button', seat: 3, id: name })).toEqual([
      expect.objectContaining({ type: 'button.set', seat: 3 }),
    ]);
  });

  const refused: [string, (v: string) => Record<string, unknown>, RegExp][] = [
    ['type', (v) => ({ type: v }), /unknown input type/],
    ['command name', (v) => ({ type: 'command', name: v }), /unknown command/],
    ['card', (v) => ({ type: 'card', card: v }), /not a card/],
    ['uid', (v) => ({ type: 'card', uid: v }), /hex/],
    ['panel button', (v) => ({ type: 'panel', button: v }), /panel button/],
    ['exposed card', (v) => ({ type: 'panel', button: 'exposed', card: v }), /not a card/],
    ['burn card', (v) => ({ type: 'panel', button: 'burn', card: v }), /not a card/],
    ['clock-request by', (v) => ({ type: 'clock-request', by: v }), /by must be/],
    ['seat of a sensor', (v) => ({ type: 'seat', seat: v, occupied: true }), /seat number/],
    ['timebank seat', (v) => ({ type: 'timebank', seat: v }), /needs a seat/],
    ['occupied', (v) => ({ type: 'seat', seat: 1, occupied: v }), /true or false/],
    ['setup seats', (v) => ({ type: 'command', name: 'setup', seats: v, profile: 'tda' }), /seats must be/],
    ['seat-player seat', (v) => ({ type: 'command', name: 'seat-player', seat: v, player: 'X' }), /seat number/],
    ['penalty rounds', (v) => ({ type: 'command', name: 'penalty', seat: 1, rounds: v }), /rounds/],
    ['levels', (v) => ({ type: 'command', name: 'levels-start', levels: v }), /non-empty list/],
    ['level minutes', (v) => ({ type: 'command', name: 'levels-start', levels: [{ minutes: v }] }), /minutes/],
  ];
  const valueRows = refused.flatMap(([field, make, reason]) =>
    NAMES.map((name) => [field, name, make, reason] as const),
  );
  test.each(valueRows)('%s "%s" is refused with a reason', (_, name, make, reason) => {
    const t = table(true);
    const events = t.send(make(name));
    expect(events).toEqual([
      expect.objectContaining({ type: 'input.rejected', reason: expect.stringMatching(reason) }),
    ]);
  });
});

describe(`one seat limit: 2 to ${MAX_SEATS}`, () => {
  test.each([
    [1, false],
    [2, true],
    [10, true],
    [11, false],
    [12, false],
  ])('setup with %i seats accepted: %s', (seats, ok) => {
    const t = createTable({ profiles });
    const [e] = t.apply({ at: 0, type: 'command', name: 'setup', seats, profile: 'tda' });
    if (ok) expect(e).toMatchObject({ type: 'table.ready', seats });
    else expect(e).toMatchObject({ type: 'input.rejected', reason: `setup: seats must be 2 to ${MAX_SEATS}` });
  });

  test.each([11, 12])('seat %i is no seat at all, whatever the command or input', (seat) => {
    const t = createTable({ profiles });
    t.apply({ at: 0, type: 'command', name: 'setup', seats: 10, profile: 'tda' });
    for (const input of [
      { type: 'command', name: 'seat-player', seat, player: 'X' },
      { type: 'command', name: 'set-button', seat },
      { type: 'seat', seat, occupied: true },
      { type: 'timebank', seat },
      { type: 'clock-request', by: 'seat', seat },
    ])
      expect(t.apply({ at: 1, ...input })).toEqual([
        expect.objectContaining({ type: 'input.rejected', reason: expect.stringMatching(/seat/) }),
      ]);
    expect(t.apply({ at: 2, type: 'command', name: 'seat-player', seat: 10, player: 'X' })[0]).toMatchObject({
      type: 'player.seated',
    });
  });
});
