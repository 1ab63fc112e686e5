// R-HILO, R-GAME: Omaha hi-lo at the table, with and without chips tracked. The deal and the high hand are
// Omaha's; the showdown also names the best eight-or-better low (`lowWinners`, `lowRank`), and with chips tracked
// every pot is split between high and low (`pot.awarded` shares' `half`).
import { describe, expect, test } from 'vitest';
import { scenario, type Scenario } from '../helpers/scenario.ts';

const TRACKED = { chips: { mode: 'tracked' } };
const LEVELS = { type: 'command', name: 'levels-start', levels: [{ smallBlind: 50, bigBlind: 100, minutes: 20 }] };

/** Four players, button 1: dealt 2, 3, 4, 1 in four rounds; UTG is seat 4. With chips: 1,000 each, level 50-100. */
function hilo(chips: boolean): Scenario {
  const s = scenario({ players: [1, 2, 3, 4], button: 1, game: 'omaha-hilo', ...(chips ? { rules: TRACKED } : {}) });
  if (chips) {
    for (const seat of [1, 2, 3, 4]) s.send({ type: 'command', name: 'set-stack', seat, chips: 1000 }, 0);
    s.send(LEVELS, 0);
  }
  s.send({ type: 'shuffle' });
  return s;
}

/** Deal the hole cards (seat → four cards), everyone calls and checks down the board (burn, flop; burn, turn; …). */
function playDown(s: Scenario, hole: Record<number, string>, board: string) {
  const bySeat = [2, 3, 4, 1].map((seat) => hole[seat]!.split(' '));
  for (let round = 0; round < 4; round++) s.cards(...bySeat.map((cards) => cards[round]!));
  s.act('call', 'call', 'call', 'check');
  const [f1, f2, f3, turn, river] = board.split(' ');
  s.cards('6c', f1!, f2!, f3!);
  s.act('check', 'check', 'check', 'check');
  s.cards('6d', turn!);
  s.act('check', 'check', 'check', 'check');
  s.cards('6h', river!);
  s.act('check', 'check', 'check', 'check');
}

// Seat 3 has trips (queens); seat 1 the best low, A-3 with 2-5-7 (seat 4's 3-4 makes 7-5-4-3-2, seat 2's A-2 only
// 8-7-5-2-A: the board's deuce is no help to a hand holding one).
const SPLIT = { 2: 'As 2d Kc Kh', 3: 'Qh Qc Jd Jc', 4: '3c 4d 9h 9s', 1: 'Ad 3h Tc Ts' };
const LOW_BOARD = '5s 7h 8c Qs 2h';

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

  test('a hand won by a fold is not judged: one share, no half', () => {
    const s = hilo(true);
    const bySeat = [2, 3, 4, 1].map((seat) => SPLIT[seat as 1 | 2 | 3 | 4].split(' '));
    for (let round = 0; round < 4; round++) s.cards(...bySeat.map((cards) => cards[round]!));
    s.act('fold', 'fold', 'fold');
    const awarded = s.last('pot.awarded') as { pots: { shares: object[] }[] };
    expect(awarded.pots[0]!.shares).toEqual([{ seat: 3, amount: 100 }]); // the big blind's uncalled 50 went back
  });
});
