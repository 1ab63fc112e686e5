// Reads the enrolled deck (tag uid → card) for the engine. Interim: the deck tool's own loader (src/deck) replaces
// this when it lands; the file is JSON, either {"cards": {uid: card}} or {uid: card}.
import { readFileSync, statSync } from 'node:fs';
import type { Logger } from 'pino';
import { TableError } from '../domain/errors.ts';

const CARD = /^[AKQJT98765432][shdc]$/;

export function loadDeckFile(file: string, logger: Logger): Map<string, string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new TableError('DECK_INVALID', `${file}: cannot read the deck (${(error as NodeJS.ErrnoException).code ?? String(error)}); ` +
      'enroll one with `npm run deck -- enroll` or set table.deckFile: null', { file });
  }
  const mode = statSync(file).mode & 0o777;
  // The tag → card map must stay secret (protocol.md, Secrecy): say so, loudly, but keep the table running.
  if ((mode & 0o077) !== 0) logger.warn({ file, mode: mode.toString(8) }, 'the deck file is readable by others: chmod 600 it');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new TableError('DECK_INVALID', `${file}: not JSON (${(error as Error).message})`, { file });
  }
  const map = data !== null && typeof data === 'object' && 'cards' in data ? (data as { cards: unknown }).cards : data;
  if (map === null || typeof map !== 'object' || Array.isArray(map)) {
    throw new TableError('DECK_INVALID', `${file}: expected {"cards": {"<uid>": "<card>"}}`, { file, field: '/cards' });
  }
  const deck = new Map<string, string>();
  for (const [uid, card] of Object.entries(map)) {
    if (typeof card !== 'string' || !CARD.test(card)) {
      throw new TableError('DECK_INVALID', `${file}: tag ${uid} maps to ${JSON.stringify(card)}, not a card like "As"`, { file, field: `/cards/${uid}` });
    }
    deck.set(uid.toLowerCase().replace(/[^0-9a-f]/g, ''), card);
  }
  return deck;
}
