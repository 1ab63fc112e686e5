// The 52 cards as the protocol names them (src/protocol/notation.ts) and the fixed order enrollment asks for them.
import { fullDeck } from '../../protocol/notation.ts';

export { DECK_SIZE, isCard, RANKS, SUITS } from '../../protocol/notation.ts';

/** Spades, hearts, diamonds, clubs; ace down to two in each: As Ks Qs … 2s Ah … 2c. */
export const ENROLL_ORDER: readonly string[] = Object.freeze(fullDeck());
