import type { Card } from './types.ts';

export const RANKS = 'AKQJT98765432';
export const SUITS = 'shdc';

// Rank and suit by character code: a card is read on every other input, and String.includes is a call each time.
const RANK_AT = new Int8Array(128).fill(-1);
const SUIT_AT = new Int8Array(128).fill(-1);
for (let i = 0; i < RANKS.length; i++) RANK_AT[RANKS.charCodeAt(i)] = i;
for (let i = 0; i < SUITS.length; i++) SUIT_AT[SUITS.charCodeAt(i)] = i;

/** "As", "td", "10h" → "As", "Td", "Th"; anything else → null. */
export function parseCard(text: string): Card | null {
  if (typeof text !== 'string') return null;
  // the common case, already canonical, without allocating
  if (text.length === 2 && (RANK_AT[text.charCodeAt(0)] ?? -1) >= 0 && (SUIT_AT[text.charCodeAt(1)] ?? -1) >= 0)
    return text;
  let t = text.trim();
  if (t.startsWith('10')) t = 'T' + t.slice(2);
  if (t.length !== 2) return null;
  const rank = t[0]!.toUpperCase();
  const suit = t[1]!.toLowerCase();
  if (!RANKS.includes(rank) || !SUITS.includes(suit)) return null;
  return rank + suit;
}

/** A canonical card's index 0..51 (for per-hand tables indexed by card instead of Sets of strings). */
export function cardIndex(card: Card): number {
  return RANK_AT[card.charCodeAt(0)]! * 4 + SUIT_AT[card.charCodeAt(1)]!;
}

/** Tag ids are compared as lower-case hex without separators ("04:A2:…" and "04a2…" are one tag). */
export function normalizeUid(text: string): string | null {
  if (typeof text !== 'string') return null;
  const t = text.replace(/[\s:.-]/g, '').toLowerCase();
  return /^[0-9a-f]{2,64}$/.test(t) ? t : null;
}

export function fullDeck(): Card[] {
  const deck: Card[] = [];
  for (const s of SUITS) for (const r of RANKS) deck.push(r + s);
  return deck;
}
