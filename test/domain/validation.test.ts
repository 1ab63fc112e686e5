import { describe, expect, test } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { createTable } from '../../src/domain/table.ts';
import { parseCommand } from '../../src/mqtt/commands.ts';
import { scenario } from '../helpers/scenario.ts';

const profiles = loadProfiles();

describe('one validator for commands: the engine and the MQTT parser agree', () => {
  test.each([
    [{ name: 'levels-start', levels: [{ smallBlind: 500, bigBlind: 200, minutes: 20 }] }],
    [{ name: 'levels-start', levels: [{ smallBlind: 0, bigBlind: 200, minutes: 20 }] }],
    [{ name: 'levels-start', levels: [{ smallBlind: 1.5, bigBlind: 3, minutes: 20 }] }],
    [{ name: 'levels-start', levels: [{ smallBlind: 100, bigBlind: 200, minutes: 20 }] }],
    [{ name: 'penalty', seat: 2, hands: 3 }],
    [{ name: 'levels-adjust', step: 2 }],
  ])('%j', (body) => {
    const { name, ...fields } = body;
    const mqtt = parseCommand(name, fields);
    const engine = createTable({ profiles });
    engine.apply({ at: 0, type: 'command', name: 'setup', seats: 6, profile: 'tda' });
    const [event] = engine.apply({ at: 1, type: 'command', ...body });
    const engineRefused = event?.type === 'input.rejected';
    expect(mqtt.ok).toBe(!engineRefused);
    if (!mqtt.ok && event?.type === 'input.rejected') expect(mqtt.error).toBe(event.reason);
  });
});

describe('bad input never stops the table', () => {
  test.each([
    [null, /JSON object/],
    [[1, 2], /JSON object/],
    [{ type: 'shuffle' }, /`at`/],
    [{ at: -5, type: 'shuffle' }, /`at`/],
    [{ at: 1.5, type: 'shuffle' }, /`at`/],
    [{ at: 1, type: 'dance' }, /unknown input type/],
    [{ at: 1, type: 'card' }, /card` or `uid/],
    [{ at: 1, type: 'card', card: 'Xx' }, /not a card/],
    [{ at: 1, type: 'card', uid: 'zz!' }, /hex/],
    [{ at: 1, type: 'seat', seat: 0, occupied: true }, /seat number/],
    [{ at: 1, type: 'seat', seat: 1, occupied: 'yes' }, /true or false/],
    [{ at: 1, type: 'panel', button: 'shove' }, /panel button/],
    [{ at: 1, type: 'panel', button: 'burn' }, /burn needs/],
    [{ at: 1, type: 'clock-request', by: 'seat' }, /needs the seat/],
    [{ at: 1, type: 'command', name: 'explode' }, /unknown command/],
    [{ at: 1, type: 'command', name: 'setup', seats: 1, profile: 'tda' }, /seats must be/],
    [{ at: 1, type: 'command', name: 'levels-start', levels: [] }, /non-empty/],
    [{ at: 1, type: 'command', name: 'levels-start', levels: [{ break: true, minutes: 5 }] }, /not be a break/],
    [{ at: 1, type: 'command', name: 'penalty', seat: 1, rounds: 0 }, /rounds/],
    [
      { at: 1, type: 'command', name: 'levels-start', levels: [{ smallBlind: 500, bigBlind: 200, minutes: 20 }] },
      /level 1 of the structure: the small blind \(500\) is larger than the big blind \(200\)/,
    ],
    [
      {
        at: 1,
        type: 'command',
        name: 'levels-start',
        levels: [
          { smallBlind: 100, bigBlind: 200, minutes: 20 },
          { smallBlind: 200, bigBlind: 400, minutes: 0 },
        ],
      },
      /level 2 of the structure: minutes must be more than 0/,
    ],
    [
      {
        at: 1,
        type: 'command',
        name: 'levels-start',
        levels: [{ smallBlind: 100, bigBlind: 200, ante: -5, minutes: 9 }],
      },
      /ante must be a whole number of chips, 0 or more/,
    ],
    [
      { at: 1, type: 'command', name: 'levels-start', levels: [{ smallBlind: 0.5, bigBlind: 1, minutes: 9 }] },
      /whole numbers of chips from 1/,
    ],
  ])('input %j is rejected with a reason', (input, reason) => {
    const table = createTable({ profiles });
    table.apply({ at: 0, type: 'command', name: 'setup', seats: 6, profile: 'tda' });
    const events = table.apply(input, 7);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'input.rejected', line: 7, reason: expect.stringMatching(reason) });
    // and the table still works
    expect(table.apply({ at: 10, type: 'command', name: 'seat-player', seat: 1, player: 'A' })[0]).toMatchObject({
      type: 'player.seated',
    });
  });

  test('inputs before setup are refused with a clear reason', () => {
    const table = createTable({ profiles });
    expect(table.apply({ at: 0, type: 'shuffle' })[0]).toMatchObject({
      type: 'input.rejected',
      reason: expect.stringMatching(/setup/),
    });
  });

  test('setup: an unknown profile or bad rule overrides are refused; overrides apply', () => {
    const s = scenario({ players: [] });
    expect(s.send({ type: 'command', name: 'setup', seats: 6, profile: 'nope' })[0]).toMatchObject({
      type: 'request.rejected',
      request: 'setup',
      reason: expect.stringMatching(/unknown-profile/),
    });
    expect(
      s.send({ type: 'command', name: 'setup', seats: 6, profile: 'tda', rules: { clock: { seconds: 'x' } } })[0],
    ).toMatchObject({
      reason: expect.stringMatching(/clock\.seconds/),
    });
    expect(
      s.send({ type: 'command', name: 'setup', seats: 6, profile: 'tda', rules: { clock: { seconds: 40 } } })[0],
    ).toMatchObject({ type: 'table.ready' });
  });

  test('time never runs backwards: an older `at` is taken as now', () => {
    const table = createTable({ profiles });
    table.apply({ at: 5000, type: 'command', name: 'setup', seats: 6, profile: 'tda' });
    const [e] = table.apply({ at: 10, type: 'command', name: 'seat-player', seat: 1, player: 'A' });
    expect(e!.at).toBe(5000);
  });

  test('floor commands refused for a reason answer request.rejected', () => {
    const s = scenario({ players: [1, 2] });
    expect(s.send({ type: 'command', name: 'seat-player', seat: 1, player: 'X' })[0]).toMatchObject({
      type: 'request.rejected',
      reason: 'seat-taken',
    });
    expect(s.send({ type: 'command', name: 'seat-player', seat: 3, player: 'P1' })[0]).toMatchObject({
      reason: 'player-already-seated',
    });
    expect(s.send({ type: 'command', name: 'remove-player', seat: 5 })[0]).toMatchObject({ reason: 'seat-empty' });
    expect(s.send({ type: 'command', name: 'set-button', seat: 9 })[0]).toMatchObject({ type: 'input.rejected' });
    expect(s.send({ type: 'shuffle' })[0]).toMatchObject({ type: 'hand.started' });
    expect(s.send({ type: 'shuffle' })[0]).toMatchObject({
      type: 'request.rejected',
      request: 'shuffle',
      reason: 'hand-in-progress',
    });
  });

  test('profiles: a broken profile names the file and the field', async () => {
    const { checkProfile } = await import('../../src/domain/profile/check.ts');
    const good = JSON.parse(JSON.stringify(profiles.tda));
    expect(() => checkProfile({ ...good, clock: { ...good.clock, seconds: -1 } }, 'venue.json')).toThrow(
      /venue\.json: clock\.seconds must be/,
    );
    expect(() => checkProfile({ ...good, flopTooMany: 'guess' }, 'venue.json')).toThrow(/flopTooMany must be one of/);
    expect(() => checkProfile({ ...good, extra: 1 }, 'venue.json')).toThrow(/extra is not a profile field/);
    const { presence: _p, ...missing } = good;
    expect(() => checkProfile(missing, 'venue.json')).toThrow(/presence is missing/);
  });

  test('the four shipped profiles load and differ only in data', () => {
    expect(Object.keys(profiles).sort()).toEqual(['bfp', 'club', 'robert', 'tda']);
    expect(profiles.robert!.misdeal.exposedPositions).toEqual([1]);
    expect(profiles.club!.button.bigBlindOut).toBe('button-stays');
    expect(profiles.tda!.shotClock.enabled).toBe(false);
  });
});

describe('profile schema for editors', () => {
  test('config/rules/profile.schema.json accepts the shipped profiles and refuses what checkProfile refuses', async () => {
    const { Ajv } = await import('ajv');
    const { readFileSync } = await import('node:fs');
    const schema = JSON.parse(readFileSync('config/rules/profile.schema.json', 'utf8'));
    const validate = new Ajv({ allErrors: true }).compile(schema);
    for (const name of ['tda', 'bfp', 'club', 'robert']) {
      expect(validate(JSON.parse(readFileSync(`config/rules/${name}.json`, 'utf8'))), name).toBe(true);
    }
    const broken = { ...JSON.parse(readFileSync('config/rules/tda.json', 'utf8')), flopTooMany: 'guess' };
    expect(validate(broken)).toBe(false);
  });
});
