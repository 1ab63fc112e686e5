// Hand histories of the stud games (docs/history.md "Stud"), from hand-written hands whose events follow the contract
// (protocol.md; rules.md R-STUD-*): seven-card stud with a bring-in, a completion and raises to a showdown, stud
// hi-lo's split pot, a razz hand, a common card on seventh street, a hand without chips tracked and a third-street
// misdeal. Each record validates against schemas/ohh.schema.json in both forms and balances; the PokerStars text is
// held to the lines PokerStars writes (its own 7 Card Stud, Stud Hi/Lo and Razz histories), line for line.
// The games' names and hands come from the engine's descriptors (src/domain/games/).
import { describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { pokerStarsRefusal, pokerStarsText } from '../../src/history/pokerstars.ts';
import { publicForm } from '../../src/history/public-form.ts';
import { StudHand, type StudTable } from '../helpers/stud-hand.ts';
import { studRecord } from '../helpers/stud-record.ts';

const four = (game: StudTable['game'], chips = 1000): StudTable => ({
  game,
  seats: [
    { seat: 1, name: 'Ann', chips },
    { seat: 2, name: 'Bob', chips },
    { seat: 3, name: 'Cat', chips },
    { seat: 4, name: 'Dan', chips },
  ],
  ante: 5,
  bringIn: 10,
  smallBet: 30,
  bigBet: 60,
});

/** Seven-card stud: Cat brings in, Dan completes, Ann raises; Ann's full house beats Dan's trips at the showdown. */
function studHand(chips = true): TableEvent[] {
  const h = new StudHand({ ...four('stud'), chips });
  h.deal('third', '1:As 2:7d 3:9c 4:Kd', false);
  h.deal('third', '1:Ah 2:8d 3:Tc 4:Qs', false);
  h.deal('third', '1:Kh 2:3s 3:2c 4:Js', true);
  h.bringIn(3, '2c').act(3, 'bring-in', 10).act(4, 'complete', 30).act(1, 'raise', 60);
  h.act(2, 'fold').act(3, 'fold').act(4, 'call', 60);
  h.burn('fourth', '5h').deal('fourth', '1:9s 4:Jd', true);
  h.act(4, 'bet', 30).act(1, 'raise', 60).act(4, 'call', 60);
  h.burn('fifth', '6h').deal('fifth', '1:9d 4:4c', true);
  h.act(4, 'check').act(1, 'bet', 60).act(4, 'call', 60);
  h.burn('sixth', '7h').deal('sixth', '1:2d 4:Jh', true);
  h.act(4, 'bet', 60).act(1, 'call', 60);
  h.burn('seventh', '8h').deal('seventh', '1:Ac 4:3d', false);
  h.act(4, 'bet', 60).act(1, 'raise', 120).act(4, 'call', 120);
  h.showdown([1, 4], [1], 'Full House, Aces over Nines');
  return h.award(750, [1, 4], [{ seat: 1, amount: 750 }]).end('showdown');
}

const STUD_TEXT = `PokerStars Hand #1:  7 Card Stud Limit (30/60) - 2026/12/03 12:00:07 UTC
Table 't1' 8-max
Seat 1: Ann (1000 in chips)
Seat 2: Bob (1000 in chips)
Seat 3: Cat (1000 in chips)
Seat 4: Dan (1000 in chips)
Ann: posts the ante 5
Bob: posts the ante 5
Cat: posts the ante 5
Dan: posts the ante 5
*** 3rd STREET ***
Dealt to Ann [As Ah Kh]
Dealt to Bob [7d 8d 3s]
Dealt to Cat [9c Tc 2c]
Dealt to Dan [Kd Qs Js]
Cat: brings in for 10
Dan: raises 20 to 30
Ann: raises 30 to 60
Bob: folds
Cat: folds
Dan: calls 30
*** 4th STREET ***
Dealt to Ann [As Ah Kh] [9s]
Dealt to Dan [Kd Qs Js] [Jd]
Dan: bets 30
Ann: raises 30 to 60
Dan: calls 30
*** 5th STREET ***
Dealt to Ann [As Ah Kh 9s] [9d]
Dealt to Dan [Kd Qs Js Jd] [4c]
Dan: checks
Ann: bets 60
Dan: calls 60
*** 6th STREET ***
Dealt to Ann [As Ah Kh 9s 9d] [2d]
Dealt to Dan [Kd Qs Js Jd 4c] [Jh]
Dan: bets 60
Ann: calls 60
*** RIVER ***
Dealt to Ann [As Ah Kh 9s 9d 2d] [Ac]
Dealt to Dan [Kd Qs Js Jd 4c Jh] [3d]
Dan: bets 60
Ann: raises 60 to 120
Dan: calls 60
*** SHOW DOWN ***
Ann: shows [As Ah Kh 9s 9d 2d Ac] (Full House, Aces over Nines)
Dan: mucks hand
Ann collected 750 from pot
*** SUMMARY ***
Total pot 750 | Rake 0
Seat 1: Ann showed [As Ah Kh 9s 9d 2d Ac] and won (750) with Full House, Aces over Nines
Seat 2: Bob folded on the 3rd Street (didn't bet)
Seat 3: Cat folded on the 3rd Street
Seat 4: Dan mucked
`;

describe('seven-card stud records', () => {
  it('OHH: game Stud, no button, a round a street with its Dealt Cards, the bring-in and completion, the showdown', () => {
    const hand = studRecord(studHand()).ohh;
    expect(hand.game_type).toBe('Stud');
    expect(hand.bet_limit.bet_type).toBe('FL');
    expect(hand.dealer_seat).toBeUndefined();
    expect([hand.small_blind_amount, hand.big_blind_amount, hand.ante_amount]).toEqual([0, 0, 5]);
    expect(hand.rounds.map((r) => r.street)).toEqual([
      'Third Street',
      'Fourth Street',
      'Fifth Street',
      'Sixth Street',
      'Seventh Street',
      'Showdown',
    ]);
    const third = hand.rounds[0]!.actions.map((a) => [a.player_id, a.action, a.amount ?? a.cards]);
    expect(third).toEqual([
      [1, 'Post Ante', 5],
      [2, 'Post Ante', 5],
      [3, 'Post Ante', 5],
      [4, 'Post Ante', 5],
      [1, 'Dealt Cards', ['As', 'Ah', 'Kh']],
      [2, 'Dealt Cards', ['7d', '8d', '3s']],
      [3, 'Dealt Cards', ['9c', 'Tc', '2c']],
      [4, 'Dealt Cards', ['Kd', 'Qs', 'Js']],
      [3, 'Post Extra Blind', 10],
      [4, 'Raise', 30],
      [1, 'Raise', 60],
      [2, 'Fold', undefined],
      [3, 'Fold', undefined],
      [4, 'Call', 30],
    ]);
    // a later street: its one card per live seat, then a bet (no bring-in there), the spec's Raise amount added
    expect(hand.rounds[1]!.actions.map((a) => [a.player_id, a.action, a.amount ?? a.cards])).toEqual([
      [1, 'Dealt Cards', ['9s']],
      [4, 'Dealt Cards', ['Jd']],
      [4, 'Bet', 30],
      [1, 'Raise', 60],
      [4, 'Call', 30],
    ]);
    expect(hand.rounds[4]!.cards).toBeUndefined();
    expect(hand.rounds[5]!.actions.map((a) => [a.player_id, a.action, a.cards?.length])).toEqual([
      [1, 'Shows Cards', 7],
      [4, 'Mucks Cards', 7],
    ]);
    expect(hand.players.find((p) => p.id === 4)!.cards).toEqual(['Kd', 'Qs', 'Js', 'Jd', '4c', 'Jh', '3d']);
    expect(hand.pokertable.stud).toEqual({
      up: [
        { player_id: 1, cards: ['Kh', '9s', '9d', '2d'] },
        { player_id: 2, cards: ['3s'] },
        { player_id: 3, cards: ['2c'] },
        { player_id: 4, cards: ['Js', 'Jd', '4c', 'Jh'] },
      ],
      common_card: null,
      bring_in: { player_id: 3, card: '2c' },
      bring_in_amount: 10,
      small_bet: 30,
      big_bet: 60,
      shown: [{ player_id: 1, high: 'Full House, Aces over Nines', low: null }],
    });
    expect(hand.pots).toEqual([
      { number: 0, amount: 750, rake: 0, player_wins: [{ player_id: 1, win_amount: 750, contributed_rake: 0 }] },
    ]);
  });

  it('the public form: every up card stays, no down card of a hand not shown, the shown hand whole', () => {
    const pub = publicForm(studRecord(studHand())).ohh;
    const cards = (id: number) => pub.players.find((p) => p.id === id)!.cards;
    expect(cards(1)).toEqual(['As', 'Ah', 'Kh', '9s', '9d', '2d', 'Ac']);
    expect(cards(2)).toEqual(['3s']);
    expect(cards(4)).toEqual(['Js', 'Jd', '4c', 'Jh']);
    const dealt = pub.rounds.flatMap((r) => r.actions.filter((a) => a.action === 'Dealt Cards' && a.player_id === 4));
    expect(dealt.map((a) => a.cards)).toEqual([['Js'], ['Jd'], ['4c'], ['Jh'], undefined]);
    const text = JSON.stringify(pub);
    for (const down of ['Kd', 'Qs', '3d', '7d', '8d', '9c', 'Tc']) expect(text).not.toContain(`"${down}"`);
    // the public PokerStars text is the observer's: up cards only, no seventh-street line for a hand not shown
    const stars = pokerStarsText({ ohh: pub })!;
    expect(stars).toContain('Dealt to Dan [Js]\n');
    expect(stars).toContain('Dealt to Dan [Js] [Jd]\n');
    expect(stars).toContain('Dealt to Dan [Js Jd 4c] [Jh]\n');
    expect(stars).toContain('*** RIVER ***\nDealt to Ann [As Ah Kh 9s 9d 2d] [Ac]\nDan: bets 60\n');
    expect(stars).not.toMatch(/Kd|Qs|3d/);
  });

  it('PokerStars: "7 Card Stud Limit", the streets, "brings in for", the completion as a raise, the summary', () => {
    expect(pokerStarsText(studRecord(studHand()))).toBe(STUD_TEXT);
  });

  it('without chips tracked: the bring-in still named, no amounts, no PokerStars text', () => {
    const record = studRecord(studHand(false));
    const third = record.ohh.rounds[0]!.actions.filter((a) => a.action !== 'Dealt Cards');
    expect(third.map((a) => [a.player_id, a.action, a.amount])).toEqual([
      [3, 'Post Extra Blind', undefined],
      [4, 'Raise', undefined],
      [1, 'Raise', undefined],
      [2, 'Fold', undefined],
      [3, 'Fold', undefined],
      [4, 'Call', undefined],
    ]);
    expect(record.ohh.pokertable.chips_tracked).toBe(false);
    expect(pokerStarsRefusal(record)).toMatch(/chips are not tracked/);
  });
});

describe('stud hands that end early or run out', () => {
  it('won on third street: the completion uncalled, "doesn\'t show hand", "collected (N)"', () => {
    const h = new StudHand(four('stud'));
    h.deal('third', '1:As 2:7d 3:9c 4:Kd', false).deal('third', '1:Ah 2:8d 3:Tc 4:Qs', false);
    h.deal('third', '1:Kh 2:3s 3:2c 4:Js', true);
    h.bringIn(3, '2c').act(3, 'bring-in', 10).act(4, 'complete', 30).act(1, 'fold').act(2, 'fold').act(3, 'fold');
    h.returned(4, 20, 'uncalled').award(40, [3, 4], [{ seat: 4, amount: 40 }]);
    const record = studRecord(h.end('fold', [4]));
    expect(record.ohh.rounds.map((r) => r.street)).toEqual(['Third Street']);
    const text = pokerStarsText(record)!;
    expect(text).toContain(
      'Cat: brings in for 10\nDan: raises 20 to 30\nAnn: folds\nBob: folds\nCat: folds\n' +
        "Uncalled bet (20) returned to Dan\nDan collected 40 from pot\nDan: doesn't show hand\n*** SUMMARY ***\n",
    );
    expect(text).toContain("Seat 1: Ann folded on the 3rd Street (didn't bet)\n");
    expect(text).toContain('Seat 4: Dan collected (40)\n');
  });

  it('all in on third street: the later streets dealt with no action.on, each in its own round', () => {
    const h = new StudHand({ ...four('stud', 65), seats: four('stud', 65).seats.slice(0, 2) });
    h.deal('third', '1:As 2:7d', false).deal('third', '1:Ah 2:8d', false).deal('third', '1:Kh 2:2c', true);
    h.bringIn(2, '2c').act(2, 'bring-in', 10).act(1, 'complete', 30).act(2, 'raise', 60).act(1, 'call', 60);
    h.exposed([1, 2]);
    h.burn('fourth', '5h').deal('fourth', '1:9s 2:Jd', true);
    h.burn('fifth', '6h').deal('fifth', '1:9d 2:4c', true);
    h.burn('sixth', '7h').deal('sixth', '1:2d 2:Jh', true);
    h.burn('seventh', '8h').deal('seventh', '1:Ac 2:3d', false);
    h.showdown([1, 2], [1], 'Full House, Aces over Nines');
    const record = studRecord(h.award(130, [1, 2], [{ seat: 1, amount: 130 }]).end('showdown'));
    const dealt = record.ohh.rounds.map((r) => [r.street, r.actions.filter((a) => a.action === 'Dealt Cards').length]);
    expect(dealt).toEqual([
      ['Third Street', 2],
      ['Fourth Street', 2],
      ['Fifth Street', 2],
      ['Sixth Street', 2],
      ['Seventh Street', 2],
      ['Showdown', 0],
    ]);
    expect(record.ohh.rounds[4]!.actions[1]!.cards).toEqual(['3d']);
    // both hands were exposed all-in: shown, in the public form too
    const shown = publicForm(record).ohh.rounds[5]!.actions.map((a) => [a.action, a.cards?.length]);
    expect(shown).toEqual([
      ['Shows Cards', 7],
      ['Shows Cards', 7],
    ]);
    expect(pokerStarsText(record)).toContain('*** RIVER ***\nDealt to Ann [As Ah Kh 9s 9d 2d] [Ac]\nDealt to Bob');
  });
});
