// The tournament's money at the room (src/room/engine/money/, docs/room-money.md): entries, re-entries, rebuys and
// add-ons refused in words when the rules do not allow them; the rebuy's chips reach the table (add-chips); bounties
// at each knockout; the prizes fixed when the money is reached and paid as the places are given.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, test } from 'vitest';
// the room's one command schema, compiled as the service runs it (npm run contract)
import { validateRoomCommandShape } from '../../src/protocol/generated/validate-room-command.ts';
import { RoomHarness } from '../helpers/room.ts';

const LEVELS = [
  { smallBlind: 100, bigBlind: 200, minutes: 20 },
  { smallBlind: 200, bigBlind: 400, minutes: 20 },
  { break: true, minutes: 10 },
  { smallBlind: 300, bigBlind: 600, minutes: 20 },
];
const MINUTE = 60_000;

function room(money: Record<string, unknown>, seats = [6]): RoomHarness {
  const tables = seats.map((n, i) => ({ id: `T${i + 1}`, seats: n }));
  return new RoomHarness({ tables, breakOrder: [], profile: 'tda', seed: 3, startingStack: 10000, money });
}

const BASE = {
  buyIn: 10000,
  fee: 1000,
  reEntry: { untilLevel: 2, maxEntries: 2 },
  rebuy: { untilLevel: 2, maxStack: 10000, chips: 10000, price: 10000 },
  addOn: { atBreak: 2, chips: 20000, price: 5000 },
  payout: { places: [7000, 3000] },
};

const seatOf = (h: RoomHarness, player: string) => h.table('T1').players.indexOf(player) + 1;
const refusal = (h: RoomHarness, outs: ReturnType<RoomHarness['input']>) =>
  h.of('request.rejected', outs).map((r) => [r.reason, r.message]);

describe('room money', () => {
  test('entries, a rebuy that reaches the table as add-chips, the add-on at its break, refusals in words', () => {
    const h = room(BASE);
    h.register('Ann', 'Bob', 'Cat', 'Dan');
    h.input({ type: 'command', name: 'levels-start', levels: LEVELS });
    const prizes = h.of('prizes').at(-1)!;
    expect(prizes).toMatchObject({ entries: 4, pool: 40000, cashTaken: 44000, placesPaid: 2, chips: 40000 });
    expect(prizes.prizes).toEqual([
      { place: 1, amount: 28000 },
      { place: 2, amount: 12000 },
    ]);

    // Ann at 10,000 may rebuy (at or below the threshold): the chips go to her seat at once (no hand under way)
    const outs = h.input({ type: 'command', name: 'rebuy', player: 'Ann' });
    const seat = seatOf(h, 'Ann');
    expect(h.of('send', outs)).toEqual([
      expect.objectContaining({ table: 'T1', command: { name: 'add-chips', seat, player: 'Ann', chips: 10000 } }),
    ]);
    expect(h.table('T1').stacks[seat - 1]).toBe(20000);
    expect(h.room.snapshot().tables[0]!.players.find((p) => p.player === 'Ann')!.stack).toBe(20000);
    // now above the threshold
    expect(refusal(h, h.input({ type: 'command', name: 'rebuy', player: 'Ann' }))).toEqual([
      ['stack-above-threshold', 'Ann has 20000 chips: a rebuy needs 10000 or fewer'],
    ]);
    expect(refusal(h, h.input({ type: 'command', name: 'rebuy', player: 'Zed' }))).toEqual([
      ['not-playing', 'Zed is not registered'],
    ]);
    // the add-on only at the break after level 2
    expect(refusal(h, h.input({ type: 'command', name: 'add-on', player: 'Bob' }))).toEqual([
      ['add-on-closed', 'the add-on is taken during the break after level 2'],
    ]);
    h.input({ type: 'tick', at: 40 * MINUTE }); // the break
    h.input({ type: 'command', name: 'add-on', player: 'Bob' });
    expect(refusal(h, h.input({ type: 'command', name: 'add-on', player: 'Bob' }))[0]![0]).toBe('already-added-on');
    expect(h.of('prizes').at(-1)).toMatchObject({ pool: 55000, rebuys: 1, addOns: 1, chips: 70000 });
    h.input({ type: 'tick', at: 50 * MINUTE }); // level 3: rebuys and re-entries closed
    expect(refusal(h, h.input({ type: 'command', name: 'rebuy', player: 'Cat' }))).toEqual([
      ['rebuys-closed', 'rebuys closed after level 2'],
    ]);
  });

  test('a rebuy asked during a hand reaches the table at its end, before its busts: the player stays in', () => {
    const h = room(BASE);
    h.register('Ann', 'Bob', 'Cat');
    const t = h.table('T1');
    h.publish(t, t.startHand());
    h.input({ type: 'command', name: 'rebuy', player: 'Ann' });
    expect(t.adding).toHaveLength(1); // waits for the hand's end at the table
    const ann = seatOf(h, 'Ann');
    h.publish(t, t.endHand([{ seat: ann, stackAtStart: 10000 }], [], seatOf(h, 'Bob')));
    h.input({ type: 'tick', at: h.at + 10 });
    expect(h.of('place')).toEqual([]);
    expect(h.room.snapshot().playersLeft).toBe(3);
  });

  test('re-entry through register: allowed once out, up to maxEntries, refused in words after', () => {
    const h = room(BASE);
    h.register('Ann', 'Bob', 'Cat', 'Dan', 'Eve');
    h.hand('T1', [{ seat: seatOf(h, 'Ann'), stackAtStart: 500 }]);
    h.input({ type: 'tick', at: h.at + 10 });
    expect(refusal(h, h.input({ type: 'command', name: 'rebuy', player: 'Ann' }))).toEqual([
      ['not-playing', 'Ann is out of the tournament'],
    ]);
    expect(refusal(h, h.register('Ann'))).toEqual([]);
    h.hand('T1', [{ seat: seatOf(h, 'Ann'), stackAtStart: 500 }]);
    h.input({ type: 'tick', at: h.at + 10 });
    expect(refusal(h, h.register('Ann'))).toEqual([['max-entries', 'Ann has had the 2 entries allowed']]);
    expect(h.of('prizes').at(-1)).toMatchObject({ entries: 6, reEntries: 1 });
  });

  test('one player whatever the keyboard (the names rule): a rebuy and a re-entry typed "ann" are Ann\'s', () => {
    const h = room(BASE);
    h.register('Ann', 'Bob', 'Cat', 'Dan', 'Eve');
    const outs = h.input({ type: 'command', name: 'rebuy', player: ' ann ' });
    expect(h.of('rebuy', outs)).toEqual([expect.objectContaining({ player: 'Ann', chips: 10000 })]);
    h.hand('T1', [{ seat: seatOf(h, 'Ann'), stackAtStart: 500 }]);
    h.input({ type: 'tick', at: h.at + 10 });
    // the re-entry is Ann's second entry, under the name she first had: no new player "ANN"
    expect(refusal(h, h.register('ANN'))).toEqual([]);
    expect(seatOf(h, 'Ann')).toBeGreaterThan(0);
    expect(h.of('prizes').at(-1)).toMatchObject({ entries: 6, reEntries: 1 });
    h.hand('T1', [{ seat: seatOf(h, 'Ann'), stackAtStart: 500 }]);
    h.input({ type: 'tick', at: h.at + 10 });
    expect(refusal(h, h.register('ann'))).toEqual([['max-entries', 'Ann has had the 2 entries allowed']]);
    const bad = h.input({ type: 'command', name: 'add-on', player: 'Bob\u0007' });
    expect(h.of('input.rejected', bad).map((r) => r.reason)).toEqual([
      'add-on: the name holds a control character: type it with letters, digits and spaces only',
    ]);
  });

  test('progressive knockout: half to the eliminator at once, half onto their head; the winner takes their own', () => {
    const h = room({ buyIn: 10000, fee: 0, bounty: { amount: 5000, progressive: 50 }, payout: { places: [10000] } });
    h.register('Ann', 'Bob', 'Cat');
    const [ann, bob, cat] = ['Ann', 'Bob', 'Cat'].map((p) => seatOf(h, p));
    h.hand('T1', [{ seat: cat!, stackAtStart: 100 }], [], bob);
    expect(h.of('bounty')).toEqual([
      expect.objectContaining({ player: 'Bob', from: 'Cat', cash: 2500, toHead: 2500, head: 7500 }),
    ]);
    h.input({ type: 'tick', at: h.at + 10 });
    expect(h.of('payout')).toEqual([]); // Cat: 3rd, nothing
    h.hand('T1', [{ seat: bob!, stackAtStart: 100 }], [], ann);
    h.input({ type: 'tick', at: h.at + 10 });
    // Ann wins Bob's 7,500: 3,750 at once, 3,750 onto her head (now 8,750); Bob leaves with his 2,500
    expect(h.of('payout')).toEqual([
      expect.objectContaining({ player: 'Bob', place: 2, prize: 0, bounties: 2500, total: 2500 }),
      expect.objectContaining({ player: 'Ann', place: 1, prize: 30000, bounties: 3750 + 8750, total: 42500 }),
    ]);
    const paid = h.of('payout').reduce((s, p) => s + p.total, 0);
    expect(paid).toBe(3 * 10000 + 3 * 5000);
  });

  test('a guarantee pays the overlay; tied players share the places they cover', () => {
    const h = room({ buyIn: 10000, guarantee: 100000, payout: { places: [5000, 3000, 2000] } }, [9]);
    h.register('A', 'B', 'C', 'D', 'E');
    expect(h.of('prizes').at(-1)).toMatchObject({ pool: 100000, overlay: 50000, bubble: 2 });
    h.hand('T1', [{ seat: seatOf(h, 'E'), stackAtStart: 100 }]);
    h.input({ type: 'tick', at: h.at + 10 });
    expect(h.of('prizes').at(-1)).toMatchObject({ bubble: 1, nextPayJump: { players: 1, amount: 20000 } });
    // D and C bust in one hand with equal stacks: tied for 3rd, they share 3rd and 4th (20,000 + 0)
    h.hand('T1', [
      { seat: seatOf(h, 'D'), stackAtStart: 100 },
      { seat: seatOf(h, 'C'), stackAtStart: 100 },
    ]);
    h.input({ type: 'tick', at: h.at + 10 });
    expect(
      h
        .of('place')
        .slice(-2)
        .map((p) => p.place),
    ).toEqual([3, 3]);
    expect(h.of('payout').map((p) => [p.player, p.prize])).toEqual([
      ['D', 10000],
      ['C', 10000],
    ]);
    expect(refusal(h, h.register('Z'))[0]![0]).toBe('money-reached');
  });

  test('a deal: the floor enters what the players agreed; it must add up to the prizes left', () => {
    const h = room({ buyIn: 10000, payout: { places: [6000, 4000] } });
    h.register('A', 'B', 'C');
    h.hand('T1', [{ seat: seatOf(h, 'C'), stackAtStart: 100 }]);
    h.input({ type: 'tick', at: h.at + 10 });
    const chop = h.of('prizes').at(-1)!.chop!;
    expect(chop.map((c) => c.icm).reduce((a, b) => a + b)).toBe(30000);
    const deal = (shares: { player: string; amount: number }[]) => h.input({ type: 'command', name: 'deal', shares });
    expect(refusal(h, deal([{ player: 'A', amount: 30000 }]))[0]![0]).toBe('deal-players');
    expect(
      refusal(
        h,
        deal([
          { player: 'A', amount: 15000 },
          { player: 'B', amount: 14999 },
        ]),
      ),
    ).toEqual([['deal-total', 'the deal adds up to 29999 cents; the prizes left are 30000 cents']]);
    deal([
      { player: 'A', amount: 16000 },
      { player: 'B', amount: 14000 },
    ]);
    expect(h.of('payout').map((p) => [p.player, p.prize, p.deal])).toEqual([
      ['A', 16000, true],
      ['B', 14000, true],
    ]);
    h.hand('T1', [{ seat: seatOf(h, 'B'), stackAtStart: 100 }]);
    h.input({ type: 'tick', at: h.at + 10 });
    expect(h.of('payout')).toHaveLength(2); // the places after the deal pay no prize
    expect(h.of('place').at(-1)).toMatchObject({ player: 'A', place: 1 });
  });

  test('setup mistakes are sentences', () => {
    const bad = (money: unknown) =>
      h0().room.apply({
        type: 'command',
        name: 'setup',
        tables: [{ id: 'T', seats: 6 }],
        breakOrder: [],
        profile: 'tda',
        money,
        at: 0,
      });
    const h0 = () => new RoomHarness({ tables: [{ id: 'X', seats: 2 }], breakOrder: [], profile: 'tda' });
    const reason = (money: unknown) => (bad(money)[0] as { reason?: string }).reason;
    expect(reason({ buyIn: 10.5 })).toMatch(/buyIn must be a whole number of cents/);
    expect(reason({ buyIn: 100, payout: { places: [6000, 3000] } })).toBe(
      'setup: money/payout/places adds up to 90 %: the shares must make exactly 100 % (10000)',
    );
    expect(reason({ buyIn: 100, rebuy: { untilLevel: 3, chips: 100, price: 100 } })).toMatch(/rebuy\/maxStack/);
    expect(reason({ buyIn: 100, bounty: { amount: 100, progressive: 150 } })).toMatch(/progressive is the percent/);
    expect(reason({ buyIn: 100, rake: 5 })).toMatch(/rake is not a known field/);
  });
});

describe('room money: the schemas', () => {
  test('every money output of a tournament matches room-money-event and room-prizes, every command room-command', () => {
    const load = (name: string) =>
      JSON.parse(readFileSync(new URL(`../../schemas/${name}.schema.json`, import.meta.url), 'utf8')) as object;
    const ajv = new Ajv({ strict: false, allErrors: true });
    const prizes = ajv.compile(load('room-prizes'));
    const events = ajv.compile(load('room-money-event'));
    const h = room({ ...BASE, bounty: { amount: 2000, progressive: 50 }, guarantee: 100000 });
    h.register('Ann', 'Bob', 'Cat', 'Dan');
    h.input({ type: 'command', name: 'levels-start', levels: LEVELS });
    h.input({ type: 'tick', at: 40 * MINUTE }); // the add-on's break
    const sent = [
      { type: 'command', name: 'rebuy', player: 'Ann', at: h.at },
      { type: 'command', name: 'add-on', player: 'Bob', id: 7, at: h.at },
    ];
    for (const c of sent) {
      expect(validateRoomCommandShape(c), JSON.stringify(c)).toBe(true);
      h.input(c);
    }
    for (const p of ['Dan', 'Cat']) {
      h.hand('T1', [{ seat: seatOf(h, p), stackAtStart: 100 }], [], seatOf(h, 'Ann'));
      h.input({ type: 'tick', at: h.at + 10 });
    }
    const chop = h.of('prizes').at(-1)!.chop!;
    const deal = {
      type: 'command',
      name: 'deal',
      shares: chop.map((c) => ({ player: c.player, amount: c.even })),
      at: h.at,
    };
    expect(validateRoomCommandShape(deal), JSON.stringify(deal)).toBe(true);
    h.input(deal);
    h.hand('T1', [{ seat: seatOf(h, 'Bob'), stackAtStart: 100 }], [], seatOf(h, 'Ann'));
    h.input({ type: 'tick', at: h.at + 10 });
    const kinds = new Set<string>();
    for (const o of h.outputs) {
      if (o.type === 'prizes') {
        const { type: _t, ...body } = o;
        expect(prizes(body), JSON.stringify(prizes.errors)).toBe(true);
      } else if (['rebuy', 'add-on', 'bounty', 'payout'].includes(o.type)) {
        expect(events(o), JSON.stringify(events.errors)).toBe(true);
      } else continue;
      kinds.add(o.type);
    }
    expect([...kinds].sort()).toEqual(['add-on', 'bounty', 'payout', 'prizes', 'rebuy']);
    expect(validateRoomCommandShape({ name: 'rebuy' })).toBe(false);
    expect(validateRoomCommandShape({ name: 'deal', shares: [{ player: 'A', amount: 1.5 }] })).toBe(false);
  });
});
