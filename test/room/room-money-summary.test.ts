// The summary when the tournament ends (src/room/engine/money/summary.ts, docs/room-money.md): JSON, a CSV a cashier
// opens, and the Open Tournament Summary (OTS 1.1.5). The books in it balance; amounts are decimal text in the CSV
// and the OTS, written by integer arithmetic.
import { describe, expect, test } from 'vitest';
import { decimal } from '../../src/room/engine/money/summary.ts';
import { RoomHarness } from '../helpers/room.ts';

function tournament(): RoomHarness {
  const h = new RoomHarness({
    tables: [{ id: 'T1', seats: 6 }],
    breakOrder: [],
    profile: 'tda',
    seed: 9,
    startingStack: 10000,
    money: {
      currency: 'EUR',
      buyIn: 10000,
      fee: 1000,
      reEntry: { untilLevel: 3, maxEntries: 2 },
      rebuy: { untilLevel: 3, maxStack: 10000, chips: 10000, price: 5000 },
      bounty: { amount: 2000 },
      payout: { places: [10000] },
    },
  });
  const seat = (p: string) => h.table('T1').players.indexOf(p) + 1;
  h.register('Ann', 'Bob', '=Cat, "the cat"');
  h.input({ type: 'command', name: 'rebuy', player: 'Bob' });
  h.hand('T1', [{ seat: seat('=Cat, "the cat"'), stackAtStart: 100 }], [], seat('Ann'));
  h.input({ type: 'tick', at: h.at + 10 });
  h.register('=Cat, "the cat"'); // a re-entry
  for (const p of ['=Cat, "the cat"', 'Bob']) {
    h.hand('T1', [{ seat: seat(p), stackAtStart: 100 }], [], seat('Ann'));
    h.input({ type: 'tick', at: h.at + 10 });
  }
  return h;
}

describe('room money summary', () => {
  test('JSON: every entry with its place, what it paid in and out; the books balance', () => {
    const h = tournament();
    const files = h.room.summaryFiles('main-event', 'Sunday Deepstack')!;
    const s = files.summary;
    expect(s).toMatchObject({ finished: true, entries: 4, players: 3, reEntries: 1, rebuys: 1, pool: 45000 });
    expect(s.cashTaken).toBe(4 * 13000 + 5000);
    expect(s.paidOut).toBe(s.pool + s.collected.bounties);
    expect(s.results.map((e) => [e.place, e.player, e.entry, e.prize, e.bounties])).toEqual([
      [1, 'Ann', 1, 45000, 3 * 2000 + 2000],
      [2, 'Bob', 1, 0, 0],
      [3, '=Cat, "the cat"', 1, 0, 0],
      [3, '=Cat, "the cat"', 2, 0, 0],
    ]);
    expect(JSON.parse(files.json)).toEqual(s);
  });

  test('CSV: a header, one line per entry, a total; amounts as decimals; a formula-like name quoted', () => {
    const csv = tournament().room.summaryFiles('main-event')!.csv;
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'place,player,entry,rebuys,add-on,paid in,prize,bounties,paid out,knocked out by,currency',
      '1,Ann,1,0,no,130.00,450.00,80.00,530.00,,EUR',
      '2,Bob,1,1,no,180.00,0.00,0.00,0.00,Ann,EUR',
      '3,"=Cat, ""the cat""",1,0,no,130.00,0.00,0.00,0.00,Ann,EUR',
      '3,"=Cat, ""the cat""",2,0,no,130.00,0.00,0.00,0.00,Ann,EUR',
      ',TOTAL,4,1,0,570.00,450.00,80.00,530.00,,EUR',
      '',
    ]);
  });

  test('OTS: the spec fields, amounts as decimals, one finish per player, rebuys and re-entries', () => {
    const h = tournament();
    h.input({ type: 'command', name: 'levels-start', levels: [{ smallBlind: 100, bigBlind: 200, minutes: 20 }] });
    const text = h.room.summaryFiles('main-event', 'Sunday Deepstack')!.ots;
    expect(text).toContain('"buyin_amount": 100.00,');
    const ots = (JSON.parse(text) as { ots: Record<string, unknown> }).ots;
    expect(ots).toMatchObject({
      spec_version: '1.1.5',
      tournament_number: 'main-event',
      tournament_name: 'Sunday Deepstack',
      currency: 'EUR',
      buyin_amount: 100,
      fee_amount: 10,
      bounty_fee_amount: 20,
      initial_stack: 10000,
      type: 'MTT',
      flags: ['REBUY', 'KO'],
      speed: { type: 'Normal', round_time: 1200 },
      prize_pool: 450,
      hero_player_name: 'Ann',
      player_count: 4,
      rebuy_cost: 50,
      addon_cost: null,
    });
    expect(ots.tournament_finishes_and_winnings).toEqual([
      { player_name: 'Ann', finish_position: 1, still_playing: false, prize: 530, ticket_value: 0 },
      { player_name: 'Bob', finish_position: 2, still_playing: false, prize: 0, ticket_value: 0 },
      { player_name: '=Cat, "the cat"', finish_position: 3, still_playing: false, prize: 0, ticket_value: 0 },
    ]);
    expect(ots.tournament_rebuys).toEqual([
      { player_name: 'Bob', rebuys: 1, addons: 0 },
      { player_name: '=Cat, "the cat"', rebuys: 1, addons: 0 },
    ]);
  });

  test('decimal text from cents by integer arithmetic', () => {
    expect([0, 7, 70, 12345, 100000000000, -5].map(decimal)).toEqual([
      '0.00',
      '0.07',
      '0.70',
      '123.45',
      '1000000000.00',
      '-0.05',
    ]);
  });
});
