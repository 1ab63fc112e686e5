// The enrolled deck file: tag uid → card, JSON, mode 0600, never leaves the controller (protocol.md, Secrecy).
// Written atomically (temp file in the same directory, fsync, rename) so a crash never leaves half a deck.
import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Logger } from 'pino';
import { TableError } from '../domain/errors.ts';
import { normalizeUid } from '../hardware/shoe/spec.ts';
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
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = join(dir, `.${basename(file)}.${process.pid}.tmp`);
  // 'wx' + 0600 from the first byte: the map is never readable by others, not even for a moment.
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(body, null, 2)}\n`);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
  closeSync(fd);
  renameSync(tmp, file);
  try {
    const dfd = openSync(dir, 'r');
    fsyncSync(dfd);
    closeSync(dfd);
  } catch {
    // Some filesystems cannot fsync a directory; the rename itself is still atomic.
  }
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

/** Reads the enrolled deck for the table. A file others can read is made private (chmod 600) with a warning rather
 * than refused: refusing would stop the table over a permission slip, and fixing it closes the leak. When the mode
 * cannot be fixed (not the owner), it is refused. */
export function loadDeck(file: string, logger?: Logger): Map<string, string> {
  let text: string;
  let mode: number;
  try {
    mode = statSync(file).mode & 0o777;
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new TableError(
      'DECK_INVALID',
      `${file}: cannot read the deck (${(err as NodeJS.ErrnoException).code ?? String(err)}); enroll one with \`npm run deck -- enroll --out ${file}\``,
      { file },
    );
  }
  if ((mode & 0o077) !== 0) {
    try {
      chmodSync(file, 0o600);
    } catch (err) {
      throw new TableError(
        'DECK_INVALID',
        `${file}: readable by others (mode ${mode.toString(8)}) and cannot be made private (${(err as NodeJS.ErrnoException).code}): ` +
          `run \`chmod 600 ${file}\` as its owner`,
        { file },
      );
    }
    logger?.warn({ file, was: mode.toString(8) }, 'the deck file was readable by others; made it private (chmod 600)');
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new TableError('DECK_INVALID', `${file}: not valid JSON (${(err as Error).message})`, { file });
  }
  return parseDeck(data, file);
}
