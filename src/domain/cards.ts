// The contract's card notation (src/protocol/notation.ts), as the engine uses it.
export { cardIndex, fullDeck, isCard, normalizeUid, parseCard, RANKS, SUITS } from '../protocol/notation.ts';
