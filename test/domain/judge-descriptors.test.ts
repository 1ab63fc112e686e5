// How hands compare is the descriptor's (games/ `hands`, R-HILO): judge.ts reads nothing else. Descriptors written
// here, as stud hi-lo and razz will be (every card the seat's own, best five of seven), are judged right with no
// change to the engine: razz by its ace-to-five low alone, stud hi-lo by the high hand and the eight-or-better low.
import { describe, expect, test } from 'vitest';
import { lowName, scoreLow8, scoreRazz7 } from '../../src/domain/evaluator/low.ts';
import { cardCode, score7 } from '../../src/domain/evaluator/high.ts';
import type { Game } from '../../src/domain/games/index.ts';
import { gameOf } from '../../src/domain/games/index.ts';
import { judge } from '../../src/domain/hand/judge.ts';

const seven = (hole: readonly string[], board: readonly string[]) => [...hole, ...board].map(cardCode);
/** A seven-card game's shape (the dealing is not judged here). */
const base = { ...gameOf('holdem'), holeCards: 7 };
const razz: Game = { ...base, score: (h, b) => scoreRazz7(seven(h, b)), hands: { name: lowName } };
const studHilo: Game = {
  ...base,
  score: (h, b) => score7(seven(h, b)),
  hands: { low: { score: (h, b) => scoreLow8(seven(h, b)), name: lowName } },
};

/** Seats 1 … n holding `hands` (seven cards each, as text); index 0 unused, as in the hand state. */
const holes = (...hands: string[]) => [[], ...hands.map((h) => h.split(' '))];

describe('descriptors judge their own way', () => {
  test('razz: the lowest hand wins, pairs count against it, straights and flushes do not', () => {
    const cards = holes(
      'As 2s 3s 4s 5s Kd Kc', // a straight flush high, the wheel low: the best razz hand
      '2h 3h 4d 6c 7d Qh Qs',
      'Ah Ad 2c 2d 3h 3d 4c', // four ranks: a pair plays
    );
    const r = judge(razz, [1, 2, 3], cards, [], true);
    expect(r).toEqual({ winners: [1], rank: '5-4-3-2-A', ranking: [[1], [2], [3]] });
    expect(judge(razz, [3, 2], cards, [], false)).toEqual({ winners: [2], rank: '7-6-4-3-2' });
  });

  test('stud hi-lo: the high hand and, judged on its own, the best eight-or-better low', () => {
    const cards = holes(
      'Kh Kd Kc 9s 9d 2c 3c', // full house, no low
      'As 2d 3h 4c 7s Jd Qh', // 7-4-3-2-A
      'Ac 2h 3d 4s 5h 9c Th', // a wheel: straight, five high, and the best low
    );
    expect(judge(studHilo, [1, 2, 3], cards, [], true)).toEqual({
      winners: [1],
      rank: 'Full House, Kings over Nines',
      ranking: [[1], [3], [2]],
      low: { winners: [3], rank: '5-4-3-2-A', ranking: [[3], [2]] },
    });
    const noLow = holes('Kh Kd Kc 9s 9d 2c 3c', 'Qs Qd Jh Tc 9h 8s 7c');
    expect(judge(studHilo, [1, 2], noLow, [], false).low).toEqual({ winners: [], rank: null });
  });

  test('a game without `hands` is judged as before: the high hand, named by the high evaluator', () => {
    const hole = holes('As Ad', 'Ks Kd');
    expect(judge(gameOf('holdem'), [1, 2], hole, ['2c', '7d', '9h', 'Js', '3c'], false)).toEqual({
      winners: [1],
      rank: 'Pair of Aces',
    });
  });
});
