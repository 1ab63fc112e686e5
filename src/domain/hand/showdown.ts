// R-SHOWDOWN-ORDER and cards speak: the controller knows every live hand and names the best, judged as the hand's
// game says (judge.ts, games/).
import type { Pot } from '../chips/index.ts';
import type { Ctx } from '../context.ts';
import { gameOf } from '../games/index.ts';
import { endHand } from './end.ts';
import { liveSeats } from './seats.ts';
import { judge } from './judge.ts';
import { bestShowing } from './stud.ts';
import type { HandState, Round } from '../state.ts';
import type { Seat } from '../types.ts';

/** `lastRound`: the river's betting round, or null when there was none (the board ran out). `pots`: with chips
 * tracked, the pots of the round that has just ended (`endChipsRound`), if any. */
export function showdown(ctx: Ctx, hand: HandState, lastRound: Round | null, pots: readonly Pot[] | null = null): void {
  hand.phase = { kind: 'showdown' };
  // In dealing order, which starts with the first seat left of the button and goes clockwise.
  const live = liveSeats(hand);
  // The last aggressor of the last betting round shows first; with no bet on the river (or no river betting at all),
  // the first live seat left of the button. Then clockwise.
  // In stud, with no bet on the last round, the best hand showing first (R-STUD-ORDER, BFP 37).
  const game = gameOf(hand.game);
  const aggressor = lastRound && !game.next[lastRound.street] ? lastRound.lastAggressor : null;
  const first = aggressor ?? (game.order.kind === 'showing' ? bestShowing(hand, game.order, live) : null);
  const start = first === null ? 0 : Math.max(0, live.indexOf(first));
  const order: Seat[] = start === 0 ? live : rotated(live, start);
  const { winners, rank, ranking, low } = judge(game, order, hand.holeCards, hand.board, !!hand.chips);
  if (low === undefined) {
    ctx.emit({ type: 'showdown', order, winners, rank });
    endHand(ctx, hand, 'showdown', undefined, ranking, pots);
    return;
  }
  // R-HILO: the low half, judged on its own (a seat may use other cards for each half)
  ctx.emit({ type: 'showdown', order, winners, rank, lowWinners: low.winners, lowRank: low.rank });
  endHand(ctx, hand, 'showdown', undefined, ranking, pots, low.ranking);
}

/** `seats` from index `start` on, then those before it (a loop: `slice` and `concat` cost more at every showdown). */
function rotated(seats: readonly Seat[], start: number): Seat[] {
  const out: Seat[] = [];
  for (let i = start; i < seats.length; i++) out.push(seats[i]!);
  for (let i = 0; i < start; i++) out.push(seats[i]!);
  return out;
}

export { rankingOf } from './judge.ts';
