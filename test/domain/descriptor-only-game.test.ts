// Issue 21 item 1, "adding a game is a descriptor": five-card Omaha (each seat five hole cards, a hand exactly two of
// them and three board cards) written as a descriptor alone, Omaha's with five passes and a score over the fives, and
// put in Omaha's place by vi.mock. No engine file changes: the deal, the pre-flop round, the streets and the showdown
// read the descriptor, so the table asks for five hole cards a seat and the fifth card plays. (Registering it under
// its own name, in GAMES and the schema's game list, is docs/engine.md's steps 2 and 3.)
import { describe, expect, test, vi } from 'vitest';
import { cardCode, score5 } from '../../src/domain/evaluator/high.ts';
import { scenario } from '../helpers/scenario.ts';

vi.mock('../../src/domain/games/omaha.ts', async (original) => {
  const { omaha } = await original<typeof import('../../src/domain/games/omaha.ts')>();
  // The whole new game: a fifth down card, and a hand scored as the best of Omaha's over each four of the five (every
  // two of the five is in one of them). No equity kernel: the broadcast's equity is not part of this check.
  const fours = (hole: readonly string[]) => hole.map((_, skip) => hole.filter((__, i) => i !== skip));
  return {
    omaha: {
      ...omaha,
      holeCards: 5,
      firstPasses: ['down', 'down', 'down', 'down', 'down'],
      score: (hole: readonly string[], board: readonly string[]) =>
        hole.length < 5 ? omaha.score(hole, board) : Math.max(...fours(hole).map((four) => omaha.score(four, board))),
      equityKernel: null,
    },
  };
});

const HOLES: Record<number, string> = {
  2: 'Qh Jd 7c 6d Ac', // the fifth card makes aces and jacks; without it, jacks
  3: 'Kh Kd Tc 3c 2s', // kings
  4: '8h 8d Ts Th 3h', // tens
};
const BOARD = ['As', '9d', '5c', '2h', 'Js'];

describe('a game added as a descriptor alone: five-card Omaha', () => {
  test('five hole cards a seat are dealt before the first action, and the showdown scores all five', () => {
    const s = scenario({ players: [2, 3, 4], button: 4, game: 'omaha' });
    s.send({ type: 'shuffle' });
    // dealing from the left of the button (2, 3, 4), one card a pass: five passes
    const passes = [0, 1, 2, 3, 4].map((i) => [2, 3, 4].map((seat) => HOLES[seat]!.split(' ')[i]!));
    for (const pass of passes.slice(0, 4)) s.cards(...pass);
    expect(s.last('action.on')).toBeUndefined(); // four cards each is not the deal any more
    s.cards(...passes[4]!);
    const dealt = s.events.filter((e) => e.type === 'card.dealt' && e.to === 'seat');
    expect(dealt).toHaveLength(15);
    expect(s.last('action.on')).toBeDefined();
    s.act('call', 'call', 'check');
    s.cards('2d', BOARD[0]!, BOARD[1]!, BOARD[2]!);
    s.act('check', 'check', 'check');
    s.cards('4d', BOARD[3]!);
    s.act('check', 'check', 'check');
    s.cards('5h', BOARD[4]!);
    s.act('check', 'check', 'check');
    const showdown = s.last('showdown') as { winners: number[]; rank: string } | undefined;
    // the reference, the plain way: every two of the five with every three of the board, as five-card hands
    const pairs = <T>(xs: readonly T[], k: number): T[][] =>
      k === 0 ? [[]] : xs.flatMap((x, i) => pairs(xs.slice(i + 1), k - 1).map((rest) => [x, ...rest]));
    const score = (seat: number) =>
      Math.max(
        ...pairs(HOLES[seat]!.split(' '), 2).flatMap((two) =>
          pairs(BOARD, 3).map((three) => score5([...two, ...three].map(cardCode))),
        ),
      );
    const best = Math.max(...[2, 3, 4].map(score));
    expect(showdown?.winners).toEqual([2, 3, 4].filter((seat) => score(seat) === best));
    expect(showdown?.winners).toEqual([2]); // the aces, which needed the fifth card
    expect(showdown?.rank).toMatch(/Aces/); // two pair, aces and jacks
  });
});
