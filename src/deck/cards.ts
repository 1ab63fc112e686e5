// The 52 cards as the protocol names them ("As", "Td", "9c") and the fixed order enrollment asks for them.
export const RANKS = 'AKQJT98765432';
export const SUITS = 'shdc';
export const DECK_SIZE = 52;

/** Spades, hearts, diamonds, clubs; ace down to two in each: As Ks Qs … 2s Ah … 2c. */
export const ENROLL_ORDER: readonly string[] = Object.freeze(
  [...SUITS].flatMap((suit) => [...RANKS].map((rank) => `${rank}${suit}`)),
);

export function isCard(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length === 2 &&
    RANKS.includes(value[0] ?? '-') &&
    SUITS.includes(value[1] ?? '-')
  );
}
