// The floor's deck check after a fouled deck (R-DECK-INTEGRITY): every card of the deck is read once, in any order,
// and compared with the enrolled deck. Pure: the CLI collects the reads and prints the report.
import { DECK_SIZE } from './cards.ts';

export interface DeckReport {
  ok: boolean;
  /** Reads in total. */
  reads: number;
  /** Enrolled tags read at least once, and how many the deck has. */
  known: number;
  deckSize: number;
  /** Tags not in the enrolled deck, in the order first read. */
  foreign: string[];
  /** Enrolled cards never read, in enrollment-file order. */
  missing: string[];
  /** Tags read more than once. */
  duplicates: { uid: string; card: string | null; count: number }[];
}

export function verifyReads(deck: ReadonlyMap<string, string>, uids: readonly string[]): DeckReport {
  const counts = new Map<string, number>();
  for (const uid of uids) counts.set(uid, (counts.get(uid) ?? 0) + 1);
  const foreign = [...counts.keys()].filter((uid) => !deck.has(uid));
  const missing = [...deck].filter(([uid]) => !counts.has(uid)).map(([, card]) => card);
  const duplicates = [...counts]
    .filter(([, n]) => n > 1)
    .map(([uid, count]) => ({ uid, card: deck.get(uid) ?? null, count }));
  const known = [...counts.keys()].filter((uid) => deck.has(uid)).length;
  const ok = deck.size === DECK_SIZE && known === DECK_SIZE && foreign.length === 0 && duplicates.length === 0;
  return { ok, reads: uids.length, known, deckSize: deck.size, foreign, missing, duplicates };
}

/** The report as lines for the floor. Foreign tags are shown (they are not secret); enrolled tags are named by card. */
export function formatReport(r: DeckReport): string[] {
  const lines = [r.ok ? 'Deck check: OK' : 'Deck check: FAILED'];
  lines.push(`  known tags read: ${r.known}/${r.deckSize} (${r.reads} reads)`);
  if (r.deckSize !== DECK_SIZE)
    lines.push(`  the enrolled deck has ${r.deckSize} cards, not ${DECK_SIZE}: enroll it again`);
  lines.push(r.missing.length === 0 ? '  nothing missing' : `  missing (${r.missing.length}): ${r.missing.join(' ')}`);
  lines.push(
    r.foreign.length === 0
      ? '  no foreign tag'
      : `  foreign tags (${r.foreign.length}, not in the enrolled deck): ${r.foreign.join(' ')}`,
  );
  lines.push(
    r.duplicates.length === 0
      ? '  no duplicate'
      : `  read more than once: ${r.duplicates.map((d) => `${d.card ?? `foreign ${d.uid}`} ×${d.count}`).join(', ')}`,
  );
  return lines;
}
