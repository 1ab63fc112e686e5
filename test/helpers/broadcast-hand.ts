// The broadcast tests' hand: seat 2 (left of the button) gets As Ks, seat 3 Qh Qd, seat 1 7c 8d; the burns are 2h,
// 3h and 4h; seat 3 folds pre-flop; the board runs 2s 7s 9d, Jc, Qc and seat 1's sevens win.
import type { HandScript } from './broadcast-play.ts';

export const BROADCAST_HAND: HandScript = {
  deck: ['As', 'Qh', '7c', 'Ks', 'Qd', '8d', '2h', '2s', '7s', '9d', '3h', 'Jc', '4h', 'Qc', '5h'],
  folds: [3],
};
export const BROADCAST_BURNS = ['2h', '3h', '4h'];
