// Card and tag-id notation as the contract writes them (docs/protocol.md, schemas/input.schema.json): the one
// definition the engine, the deck tools, the shoe, the simulator and the evaluator read. Pure: no I/O.

/** "As", "Td", "9c": rank then suit. */
export type Card = string;

export const RANKS = 'AKQJT98765432';
export const SUITS = 'shdc';
export const DECK_SIZE = 52;

// Rank and suit by character code: a card is read on every other input, and String.includes is a call each time.
const RANK_AT = new Int8Array(128).fill(-1);
const SUIT_AT = new Int8Array(128).fill(-1);
for (let i = 0; i < RANKS.length; i++) RANK_AT[RANKS.charCodeAt(i)] = i;
for (let i = 0; i < SUITS.length; i++) SUIT_AT[SUITS.charCodeAt(i)] = i;

const isCanonical = (text: string): boolean =>
  text.length === 2 && (RANK_AT[text.charCodeAt(0)] ?? -1) >= 0 && (SUIT_AT[text.charCodeAt(1)] ?? -1) >= 0;

/** "As", "td", "10h" → "As", "Td", "Th"; anything else → null. */
export function parseCard(text: string): Card | null {
  if (typeof text !== 'string') return null;
  // the common case, already canonical, without allocating
  if (isCanonical(text)) return text;
  let t = text.trim();
  if (t.startsWith('10')) t = 'T' + t.slice(2);
  if (t.length !== 2) return null;
  const rank = t[0]!.toUpperCase();
  const suit = t[1]!.toLowerCase();
  if (!RANKS.includes(rank) || !SUITS.includes(suit)) return null;
  return rank + suit;
}

/** A card in canonical notation ("As", never "as" or "10s"): what the engine publishes and a deck file holds. */
export function isCard(value: unknown): value is Card {
  return typeof value === 'string' && isCanonical(value);
}

/** A canonical card's index 0..51 (for per-hand tables indexed by card instead of Sets of strings). */
export function cardIndex(card: Card): number {
  return RANK_AT[card.charCodeAt(0)]! * 4 + SUIT_AT[card.charCodeAt(1)]!;
}

const UID_SEPARATORS = /[\s:.-]/g;
const UID_HEX = /^[0-9a-f]{2,64}$/;

/** A tag id as the protocol carries it: lower-case hex, 2 to 64 digits, without the separators (`:`, `.`, `-`,
 * spaces) a reader or a person may put between them ("04:A2:…" and "04a2…" are one tag); null when it is not one. */
export function normalizeUid(text: string): string | null {
  if (typeof text !== 'string') return null;
  const t = text.replace(UID_SEPARATORS, '').toLowerCase();
  return UID_HEX.test(t) ? t : null;
}

/** The 52 cards by suit, ace down to two in each: As Ks Qs … 2s Ah … 2c (the order deck enrolment asks for). */
export function fullDeck(): Card[] {
  const deck: Card[] = [];
  for (const s of SUITS) for (const r of RANKS) deck.push(r + s);
  return deck;
}

/** The 52 cards by rank: As Ah Ad Ac Ks … 2c (the simulator's deck order, which its seeded shuffles depend on). */
export function deckByRank(): Card[] {
  return [...RANKS].flatMap((r) => [...SUITS].map((s) => r + s));
}
