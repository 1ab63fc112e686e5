// The enrolled deck file: tag uid → card, JSON, mode 0600, never leaves the controller (protocol.md, Secrecy).
// Written atomically (temp file in the same directory, fsync, rename) so a crash never leaves half a deck.
import type { Logger } from 'pino';
import { TableError } from '../../domain/errors.ts';
import { normalizeUid } from '../../hardware/shoe/spec.ts';
import { readSecretJson, writeSecretFile } from './secret-file.ts';
import { DECK_SIZE, ENROLL_ORDER, isCard } from './cards.ts';

export interface DeckFile {
  version: 1;
  enrolledAt: string;
  /** uid (lower-case hex) → card ("As"). */
  cards: Record<string, string>;
}

export function saveDeck(file: string, deck: ReadonlyMap<string, string>, enrolledAt: Date = new Date()): void {
  checkDeck(deck, file);
  const body: DeckFile = { version: 1, enrolledAt: enrolledAt.toISOString(), cards: Object.fromEntries(deck) };
  writeSecretFile(file, `${JSON.stringify(body, null, 2)}\n`);
}

/** Validates a deck read from a file: every uid hex, every card valid, 52 cards, none twice. */
export function parseDeck(data: unknown, file: string): Map<string, string> {
  const bad = (field: string, message: string): TableError =>
    new TableError('DECK_INVALID', `${file}: ${field} ${message}`, { file, field });
  // `{cards: {...}}` is what enrollment writes; a bare `{uid: card}` map is accepted for hand-made files.
  const cards =
    data !== null && typeof data === 'object' && 'cards' in data ? (data as { cards: unknown }).cards : data;
  const base = cards === data ? '' : '/cards';
  if (cards === null || typeof cards !== 'object' || Array.isArray(cards)) {
    throw bad(base || '/', 'must be an object {"<uid>": "<card>"}');
  }
  const deck = new Map<string, string>();
  const owner = new Map<string, string>();
  for (const [raw, card] of Object.entries(cards)) {
    const uid = normalizeUid(raw);
    if (uid === null) throw bad(`${base}/${raw}`, 'is not a hex tag id');
    if (!isCard(card)) throw bad(`${base}/${raw}`, `is ${JSON.stringify(card)}, not a card like "As"`);
    if (deck.has(uid)) throw bad(`${base}/${raw}`, 'is listed twice');
    const other = owner.get(card);
    if (other !== undefined) throw bad(`${base}/${raw}`, `is ${card}, which tag ${other} already is`);
    deck.set(uid, card);
    owner.set(card, uid);
  }
  if (deck.size !== DECK_SIZE) {
    const missing = ENROLL_ORDER.filter((c) => !owner.has(c));
    throw bad(
      base || '/',
      `has ${deck.size} cards, not ${DECK_SIZE} (missing ${missing.join(' ')}): enroll the deck again`,
    );
  }
  return deck;
}

function checkDeck(deck: ReadonlyMap<string, string>, file: string): void {
  parseDeck(Object.fromEntries(deck), file);
}

/** Reads the enrolled deck for the table (a file others can read is made private: secret-file.ts). */
export function loadDeck(file: string, logger?: Logger): Map<string, string> {
  const data = readSecretJson(file, {
    code: 'DECK_INVALID',
    what: 'the deck',
    remedy: `enroll one with \`npm run deck -- enroll --out ${file}\``,
    logger,
  });
  return parseDeck(data, file);
}
