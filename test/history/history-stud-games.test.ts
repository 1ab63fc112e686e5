// Hand histories of stud hi-lo and razz, a common card on seventh street and a third-street misdeal (docs/history.md
// "Stud"), from hand-written hands whose events follow the contract (test/helpers/stud-hand.ts). The PokerStars lines
// are those of PokerStars' own 7 Card Stud Hi/Lo and Razz histories ("HI: …; LO: …", a collected line per half,
// "Lo: 9,5,4,2,A" for every razz hand shown, "*** RIVER *** [6h]" and "Board [6h]" for the common card).
import { describe, expect, it } from 'vitest';
import { cardCode, nameOf, scoreCodes } from '../../src/domain/evaluator/high.ts';
import type { Card, Seat, TableEvent } from '../../src/domain/types.ts';
import { pokerStarsRefusal, pokerStarsText } from '../../src/history/pokerstars.ts';
import { publicForm } from '../../src/history/public-form.ts';
import { StudHand, type StudTable } from '../helpers/stud-hand.ts';
import { studRecord } from '../helpers/stud-record.ts';

const table = (game: StudTable['game'], names: string[], chips = 500): StudTable => ({
  game,
  seats: names.map((name, i) => ({ seat: i + 1, name, chips })),
  ante: 5,
  bringIn: 10,
  smallBet: 30,
  bigBet: 60,
});

const lines = (text: string, from: string, to: string) => {
  const all = text.split('\n');
  return all.slice(all.indexOf(from), all.indexOf(to));
};

/** Stud hi-lo: Ann brings in; Bob's four kings take the high half, Ann's 8-4-3-2-A the low; Cat's full house loses. */
function hiLoHand(): TableEvent[] {
  const h = new StudHand(table('stud-hilo', ['Ann', 'Bob', 'Cat']));
  h.deal('third', '1:Ac 2:Kd 3:9h', false);
  h.deal('third', '1:2d 2:Ks 3:9d', false);
  h.deal('third', '1:3h 2:Kc 3:5s', true);
  h.bringIn(1, '3h').act(1, 'bring-in', 10).act(2, 'complete', 30).act(3, 'call', 30).act(1, 'call', 30);
  h.burn('fourth', '2c').deal('fourth', '1:4c 2:7h 3:9s', true);
  h.act(2, 'bet', 30).act(3, 'call', 30).act(1, 'call', 30);
  h.burn('fifth', '3c').deal('fifth', '1:8c 2:7d 3:Qh', true);
  h.act(2, 'bet', 60).act(3, 'call', 60).act(1, 'call', 60);
  h.burn('sixth', '4d').deal('sixth', '1:Jd 2:2s 3:Qd', true);
  h.act(3, 'check').act(1, 'check').act(2, 'check');
  h.burn('seventh', '5d').deal('seventh', '1:Td 2:Kh 3:Jc', false);
  h.act(3, 'check').act(1, 'check').act(2, 'check');
  h.showdown([3, 1, 2], [2], 'Four of a Kind, Kings', { winners: [1], rank: '8-4-3-2-A' });
  h.award(
    375,
    [1, 2, 3],
    [
      { seat: 2, amount: 190, half: 'high' },
      { seat: 1, amount: 185, half: 'low' },
    ],
  );
  return h.end('showdown');
}

/** Razz: Ann's king brings in; Bob's 7-6-5-4-3 beats Cat's 8-7-6-3-2, both shown. */
function razzHand(): TableEvent[] {
  const h = new StudHand(table('razz', ['Ann', 'Bob', 'Cat']));
  h.deal('third', '1:Ah 2:3d 3:2s', false);
  h.deal('third', '1:2h 2:4d 3:6s', false);
  h.deal('third', '1:Kc 2:5c 3:7h', true);
  h.bringIn(1, 'Kc').act(1, 'bring-in', 10).act(2, 'complete', 30).act(3, 'call', 30).act(1, 'fold');
  h.burn('fourth', '9c').deal('fourth', '2:6c 3:8c', true);
  h.act(2, 'bet', 30).act(3, 'call', 30);
  h.burn('fifth', 'Tc').deal('fifth', '2:Qd 3:3c', true);
  h.act(3, 'bet', 60).act(2, 'call', 60);
  h.burn('sixth', 'Jc').deal('sixth', '2:9h 3:Th', true);
  h.act(3, 'check').act(2, 'check');
  h.burn('seventh', 'Qc').deal('seventh', '2:7s 3:Ks', false);
  h.act(3, 'bet', 60).act(2, 'call', 60);
  h.showdown([3, 2], [2], '7-6-5-4-3');
  return h.award(385, [2, 3], [{ seat: 2, amount: 385 }]).end('showdown');
}

describe('stud hi-lo and razz records', () => {
  it('stud hi-lo: StudHiLo, the halves of the pot, each shown hand named high and low, PokerStars HI/LO lines', () => {
    const record = studRecord(hiLoHand());
    expect(record.ohh.game_type).toBe('StudHiLo');
    expect(record.ohh.pokertable.hilo).toEqual({
      low_rank: '8-4-3-2-A',
      halves: [
        { pot: 0, player_id: 2, half: 'high', amount: 190 },
        { pot: 0, player_id: 1, half: 'low', amount: 185 },
      ],
      shown: [
        { player_id: 3, high: 'Full House, Nines over Queens', low: null },
        { player_id: 1, high: 'High Card, Ace', low: '8-4-3-2-A' },
        { player_id: 2, high: 'Four of a Kind, Kings', low: null },
      ],
    });
    const text = pokerStarsText(record)!;
    expect(text.split('\n')[0]).toMatch(/^PokerStars Hand #1: {2}7 Card Stud Hi\/Lo Limit \(30\/60\) - /);
    expect(lines(text, '*** SHOW DOWN ***', '*** SUMMARY ***')).toEqual([
      '*** SHOW DOWN ***',
      'Cat: shows [9h 9d 5s 9s Qh Qd Jc] (HI: Full House, Nines over Queens)',
      'Ann: shows [Ac 2d 3h 4c 8c Jd Td] (HI: High Card, Ace; LO: 8,4,3,2,A)',
      'Bob: shows [Kd Ks Kc 7h 7d 2s Kh] (HI: Four of a Kind, Kings)',
      'Bob collected 190 from pot',
      'Ann collected 185 from pot',
    ]);
    expect(text).toContain('Ann: brings in for 10\nBob: raises 20 to 30\nCat: calls 30\nAnn: calls 20\n');
    expect(text).toContain(
      'Seat 1: Ann showed [Ac 2d 3h 4c 8c Jd Td] and won (185) with HI: High Card, Ace; LO: 8,4,3,2,A\n',
    );
    expect(text).toContain(
      'Seat 3: Cat showed [9h 9d 5s 9s Qh Qd Jc] and lost with HI: Full House, Nines over Queens\n',
    );
  });

  it('razz: Razz (beyond the OHH spec\'s list, docs/history.md), every shown hand "Lo: …", the king brings in', () => {
    const record = studRecord(razzHand());
    expect(record.ohh.game_type).toBe('Razz');
    expect(record.ohh.pokertable.rank).toBe('7-6-5-4-3');
    expect(record.ohh.pokertable.stud!.bring_in).toEqual({ player_id: 1, card: 'Kc' });
    expect(record.ohh.pokertable.stud!.shown).toEqual([
      { player_id: 3, high: null, low: '8-7-6-3-2' },
      { player_id: 2, high: null, low: '7-6-5-4-3' },
    ]);
    const text = pokerStarsText(record)!;
    expect(text.split('\n')[0]).toMatch(/^PokerStars Hand #1: {2}Razz Limit \(30\/60\) - /);
    expect(lines(text, '*** SHOW DOWN ***', '*** SUMMARY ***')).toEqual([
      '*** SHOW DOWN ***',
      'Cat: shows [2s 6s 7h 8c 3c Th Ks] (Lo: 8,7,6,3,2)',
      'Bob: shows [3d 4d 5c 6c Qd 9h 7s] (Lo: 7,6,5,4,3)',
      'Bob collected 385 from pot',
    ]);
    expect(text.split('\n').slice(-4, -1)).toEqual([
      'Seat 1: Ann folded on the 3rd Street',
      'Seat 2: Bob showed [3d 4d 5c 6c Qd 9h 7s] and won (385) with Lo: 7,6,5,4,3',
      'Seat 3: Cat showed [2s 6s 7h 8c 3c Th Ks] and lost with Lo: 8,7,6,3,2',
    ]);
  });
});

const DECK: Card[] =
  'As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c'.split(
    ' ',
  );

/** Eight seats to the end: 48 cards and three burns leave one card for seventh street, turned up in the middle
 * (R-STUD-DEAL). Every street is checked; the lowest up card brings in and is called all round. */
function commonCardHand(): { events: TableEvent[]; cards: Map<Seat, Card[]>; common: Card } {
  const names = ['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal'];
  const h = new StudHand(table('stud', names));
  const seats = names.map((_, i) => i + 1);
  const deck = [...DECK];
  const cards = new Map<Seat, Card[]>(seats.map((s) => [s, []]));
  const pass = (street: string, up: boolean) =>
    h.deal(
      street,
      seats.map((s) => {
        const card = deck.shift()!;
        cards.get(s)!.push(card);
        return [s, card];
      }),
      up,
    );
  pass('third', false);
  pass('third', false);
  pass('third', true);
  // R-STUD-BRING-IN: the lowest up card by rank, then by suit (clubs lowest)
  const order = ['c', 'd', 'h', 's'];
  const value = (c: Card) => '23456789TJQKA'.indexOf(c[0]!) * 4 + order.indexOf(c[1]!);
  const bringer = seats.reduce((a, b) => (value(cards.get(a)![2]!) <= value(cards.get(b)![2]!) ? a : b));
  h.bringIn(bringer, cards.get(bringer)![2]!).act(bringer, 'bring-in', 10);
  const after = [...seats.slice(bringer), ...seats.slice(0, bringer - 1)];
  for (const s of after) h.act(s, 'call', 10);
  for (const street of ['fourth', 'fifth', 'sixth']) {
    h.burn(street, deck.shift()!);
    pass(street, true);
    for (const s of seats) h.act(s, 'check');
  }
  const common = deck.shift()!;
  expect(deck).toHaveLength(0);
  h.common(common);
  for (const s of seats) h.act(s, 'check');
  const score = (s: Seat) => scoreCodes([...cards.get(s)!, common].map(cardCode));
  const best = Math.max(...seats.map(score));
  const winners = seats.filter((s) => score(s) === best);
  expect(winners).toHaveLength(1);
  h.showdown(seats, winners, nameOf(best));
  h.award(120, seats, [{ seat: winners[0]!, amount: 120 }]);
  return { events: h.end('showdown'), cards, common };
}

describe('a common card, a misdeal', () => {
  it('a common card: the seventh round\'s cards, no seat\'s; "*** RIVER *** [card]", "Board [card]"', () => {
    const { events, cards, common } = commonCardHand();
    const record = studRecord(events);
    const seventh = record.ohh.rounds.find((r) => r.street === 'Seventh Street')!;
    expect(seventh.cards).toEqual([common]);
    expect(seventh.actions.some((a) => a.action === 'Dealt Cards')).toBe(false);
    expect(record.ohh.pokertable.stud!.common_card).toBe(common);
    for (const p of record.ohh.players) expect(p.cards).toEqual(cards.get(p.seat));
    // the common card is public, a record's public form keeps it
    expect(publicForm(record).ohh.rounds.find((r) => r.street === 'Seventh Street')!.cards).toEqual([common]);
    const text = pokerStarsText(record)!;
    expect(text).toContain(`*** RIVER *** [${common}]\nAnn: checks\n`);
    expect(text).toContain(`Total pot 120 | Rake 0\nBoard [${common}]\n`);
    expect(text.match(/^Dealt to /gm)).toHaveLength(8 * 4);
  });

  it('a down card exposed on third street: a misdeal, the antes back, no PokerStars text', () => {
    const h = new StudHand(table('stud', ['Ann', 'Bob']));
    h.deal('third', '1:As 2:Kd', false);
    h.misdeal('stud-down-card-exposed').returned(1, 5, 'misdeal').returned(2, 5, 'misdeal');
    const record = studRecord(h.end('misdeal'));
    expect(record.ohh.pokertable.end).toBe('misdeal');
    expect(record.ohh.pokertable.returned.map((r) => r.amount)).toEqual([5, 5]);
    expect(record.ohh.rounds[0]!.actions.map((a) => a.action)).toEqual([
      'Post Ante',
      'Post Ante',
      'Dealt Cards',
      'Dealt Cards',
    ]);
    expect(pokerStarsRefusal(record)).toMatch(/misdeal/);
  });
});
