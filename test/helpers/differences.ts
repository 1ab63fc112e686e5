// A list of differences between a record and what a parser read of it: `same` adds one line when the two differ.
import type { OhhRecord } from '../../src/history/ohh-types.ts';

export function differenceList(record: OhhRecord): { out: string[]; same(what: string, a: unknown, b: unknown): void } {
  const out: string[] = [];
  return {
    out,
    same(what, a, b) {
      if (JSON.stringify(a) !== JSON.stringify(b))
        out.push(`${record.ohh.game_number} ${what}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    },
  };
}
