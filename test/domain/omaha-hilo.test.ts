// R-HILO, R-GAME: Omaha hi-lo at the table, with and without chips tracked. The deal and the high hand are
// Omaha's; the showdown also names the best eight-or-better low (`lowWinners`, `lowRank`), and with chips tracked
// every pot is split between high and low (`pot.awarded` shares' `half`).
import { describe, expect, test } from 'vitest';
import { scenario, type Scenario } from '../helpers/scenario.ts';

const TRACKED = { chips: { mode: 'tracked' } };
const LEVELS = { type: 'command', name: 'levels-start', levels: [{ smallBlind: 50, bigBlind: 100, minutes: 20 }] };

/** Four players, button 1: dealt 2, 3, 4, 1 in four rounds; UTG is seat 4. With chips: 1,000 each, level 50-100
 * (or the `rules` and `levels` given). */
function hilo(
  chips: boolean,
  rules: Record<string, unknown> = TRACKED,
  levels: Record<string, unknown> = LEVELS,
): Scenario {
  const s = scenario({ players: [1, 2, 3, 4], button: 1, game: 'omaha-hilo', ...(chips ? { rules } : {}) });
  if (chips) {
    for (const seat of [1, 2, 3, 4]) s.send({ type: 'command', name: 'set-stack', seat, chips: 1000 }, 0);
    s.send(levels, 0);
  }
  s.send({ type: 'shuffle' });
  return s;
}

/** Deal the hole cards (seat → four cards), play `preflop` (everyone in by default), then check down the board
 * (burn, flop; burn, turn; …). */
function playDown(
  s: Scenario,
  hole: Record<number, string>,
  board: string,
  preflop = ['call', 'call', 'call', 'check'],
) {
  const bySeat = [2, 3, 4, 1].map((seat) => hole[seat]!.split(' '));
  for (let round = 0; round < 4; round++) s.cards(...bySeat.map((cards) => cards[round]!));
  s.act(...preflop);
  const live = preflop.filter((b) => b !== 'fold').length;
  const checks = Array<string>(live).fill('check');
  const [f1, f2, f3, turn, river] = board.split(' ');
  s.cards('6c', f1!, f2!, f3!);
  s.act(...checks);
  s.cards('6d', turn!);
  s.act(...checks);
  s.cards('6h', river!);
  s.act(...checks);
}

// Seat 3 has trips (queens); seat 1 the best low, A-3 with 2-5-7 (seat 4's 3-4 makes 7-5-4-3-2, seat 2's A-2 only
// 8-7-5-2-A: the board's deuce is no help to a hand holding one).
const SPLIT = { 2: 'As 2d Kc Kh', 3: 'Qh Qc Jd Jc', 4: '3c 4d 9h 9s', 1: 'Ad 3h Tc Ts' };
const LOW_BOARD = '5s 7h 8c Qs 2h';

describe('setup.game omaha-hilo (R-GAME)', () => {
  test('set between hands, shown in the snapshot; an unknown game is refused with the list of games', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1 });
    expect(s.send({ type: 'command', name: 'setup', seats: 6, profile: 'tda', game: 'badugi' })).toMatchObject([
      { type: 'input.rejected', reason: expect.stringMatching(/^setup: .*holdem.*omaha.*omaha-hilo/) },
    ]);
    s.send({ type: 'command', name: 'setup', seats: 6, profile: 'tda', game: 'omaha-hilo' });
    expect(s.table.snapshot().game).toBe('omaha-hilo');
  });
});

describe('Omaha hi-lo without chips tracked', () => {
  test('the showdown names the high winners and, beside them, the low winners and the best low', () => {
    const s = hilo(false);
    playDown(s, SPLIT, LOW_BOARD);
    expect(s.last('showdown')).toEqual({
      ...s.last('showdown'),
      order: [2, 3, 4, 1],
      winners: [3],
      rank: 'Three of a Kind, Queens',
      lowWinners: [1],
      lowRank: '7-5-3-2-A',
    });
    expect(s.last('hand.ended')).toMatchObject({ reason: 'showdown' });
  });

  test('no three board cards of different ranks up to the eight: no low, lowWinners empty and lowRank null', () => {
    const s = hilo(false);
    playDown(s, SPLIT, '5s Jh 8c Qs 9d');
    expect(s.last('showdown')).toMatchObject({ winners: [3], lowWinners: [], lowRank: null });
  });

  test('one seat may win both halves with different cards (a scoop)', () => {
    const s = hilo(false);
    // seat 1: A-3 for the low, the ace-king of hearts for the flush
    playDown(s, { ...SPLIT, 1: 'Ah 3d Kh Ts', 2: 'As 2d Kc Jh' }, '5h 7h 8c Qs 2h');
    expect(s.last('showdown')).toMatchObject({ winners: [1], rank: 'Flush, Ace high', lowWinners: [1] });
  });

  test('Omaha itself is unchanged: no low fields on its showdown', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1, game: 'omaha' });
    s.send({ type: 'shuffle' });
    playDown(s, SPLIT, LOW_BOARD);
    const showdown = s.last('showdown')!;
    expect(showdown).toMatchObject({ winners: [3] });
    expect(showdown).not.toHaveProperty('lowWinners');
    expect(showdown).not.toHaveProperty('lowRank');
  });
});

describe('Omaha hi-lo with chips tracked', () => {
  test('the pot splits: half to the high hand, half to the low', () => {
    const s = hilo(true);
    playDown(s, SPLIT, LOW_BOARD);
    expect(s.last('pot.awarded')).toMatchObject({
      pots: [
        {
          amount: 400,
          winners: [3, 1],
          shares: [
            { seat: 3, amount: 200, half: 'high' },
            { seat: 1, amount: 200, half: 'low' },
          ],
          oddChips: [],
        },
      ],
    });
    expect(s.table.snapshot().seatInfo.map((x) => x.stack)).toEqual([1100, 900, 1100, 900, null, null]);
  });

  test('quartering: two identical lows share the low half, the high takes its half', () => {
    const s = hilo(true);
    playDown(s, { ...SPLIT, 4: 'Ac 3d 9h 9s' }, LOW_BOARD);
    expect(s.last('showdown')).toMatchObject({ winners: [3], lowWinners: [1, 4], lowRank: '7-5-3-2-A' });
    expect(s.last('pot.awarded')).toMatchObject({
      pots: [
        {
          winners: [3, 4, 1],
          shares: [
            { seat: 3, amount: 200, half: 'high' },
            { seat: 4, amount: 100, half: 'low' },
            { seat: 1, amount: 100, half: 'low' },
          ],
        },
      ],
    });
  });

  test('no qualifying low: the high hand takes the whole pot', () => {
    const s = hilo(true);
    playDown(s, SPLIT, '5s Jh 8c Qs 9d');
    expect(s.last('pot.awarded')).toMatchObject({
      pots: [{ amount: 400, winners: [3], shares: [{ seat: 3, amount: 400, half: 'high' }] }],
    });
  });

  test('a scoop is one share, both halves', () => {
    const s = hilo(true);
    playDown(s, { ...SPLIT, 1: 'Ah 3d Kh Ts', 2: 'As 2d Kc Jh' }, '5h 7h 8c Qs 2h');
    expect(s.last('pot.awarded')).toMatchObject({
      pots: [{ amount: 400, winners: [1], shares: [{ seat: 1, amount: 400, half: 'both' }], oddChips: [] }],
    });
  });

  test('R-ODD-CHIP: an odd unit of the smallest chip goes to the high half', () => {
    // chips of 25 and up, blinds 25-50; the small blind folds: 25 + 3 × 50 = 175, seven units of 25
    const rules = { chips: { mode: 'tracked', denominations: [25, 100, 500] } };
    const levels = { ...LEVELS, levels: [{ smallBlind: 25, bigBlind: 50, minutes: 20 }] };
    const s = hilo(true, rules, levels);
    playDown(s, SPLIT, LOW_BOARD, ['call', 'call', 'fold', 'check']);
    expect(s.last('showdown')).toMatchObject({ winners: [3], lowWinners: [1] });
    expect(s.last('pot.awarded')).toMatchObject({
      pots: [
        {
          amount: 175,
          shares: [
            { seat: 3, amount: 100, half: 'high' },
            { seat: 1, amount: 75, half: 'low' },
          ],
          oddChips: [3],
        },
      ],
    });
  });

  test('side pots each split on their own: a short stack all-in wins the low of the main pot only', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1, game: 'omaha-hilo', rules: TRACKED });
    for (const [seat, chips] of [
      [1, 1000],
      [2, 1000],
      [3, 1000],
      [4, 300],
    ])
      s.send({ type: 'command', name: 'set-stack', seat, chips }, 0);
    s.send(LEVELS, 0);
    s.send({ type: 'shuffle' });
    // seat 4 (7-5-4-3-2 low) all-in for 300, the others call; seat 1's 7-5-3-2-A would be the best low of all but
    // seat 1 folds on the flop, so the side pot's low goes to seat 2 (8-7-5-2-A), its high to seat 3
    const bySeat = [2, 3, 4, 1].map((seat) => SPLIT[seat as 1 | 2 | 3 | 4].split(' '));
    for (let round = 0; round < 4; round++) s.cards(...bySeat.map((cards) => cards[round]!));
    s.act('allin', 'call', 'call', 'call');
    s.cards('6c', '5s', '7h', '8c');
    s.send({ type: 'panel', button: 'bet', to: 200 }); // seat 2
    s.act('call', 'fold'); // seat 3 calls, seat 1 folds (seat 4 is all-in)
    s.cards('6d', 'Qs');
    s.act('check', 'check');
    s.cards('6h', '2h');
    s.act('check', 'check');
    expect(s.last('showdown')).toMatchObject({ winners: [3], lowWinners: [4], lowRank: '7-5-4-3-2' });
    // the side pot (seats 2 and 3's flop bets) halves between them; the main pot (seat 1 folded out of it) between
    // seat 3's high and seat 4's low
    expect(s.last('pot.awarded')).toMatchObject({
      pots: [
        {
          amount: 400,
          seats: [2, 3],
          shares: [
            { seat: 2, amount: 200, half: 'low' },
            { seat: 3, amount: 200, half: 'high' },
          ],
        },
        {
          amount: 1200,
          seats: [2, 3, 4],
          shares: [
            { seat: 3, amount: 600, half: 'high' },
            { seat: 4, amount: 600, half: 'low' },
          ],
        },
      ],
    });
  });

  test('a hand won by a fold is not judged: one share, no half', () => {
    const s = hilo(true);
    const bySeat = [2, 3, 4, 1].map((seat) => SPLIT[seat as 1 | 2 | 3 | 4].split(' '));
    for (let round = 0; round < 4; round++) s.cards(...bySeat.map((cards) => cards[round]!));
    s.act('fold', 'fold', 'fold');
    const awarded = s.last('pot.awarded') as { pots: { shares: object[] }[] };
    expect(awarded.pots[0]!.shares).toEqual([{ seat: 3, amount: 100 }]); // the big blind's uncalled 50 went back
  });
});
