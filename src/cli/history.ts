// npm run --silent history -- --state-dir DIR [--from HAND] [--to HAND] [--format ohh|pokerstars] [--public]
// A table's hand histories from its journal, on stdout (docs/history.md). The journal is opened read-only: a
// running table may be using it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { TableEvent } from '../domain/types.ts';
import { HistoryExport } from '../history/export.ts';
import { DB_FILE } from '../store/store.ts';
import { HISTORY_USAGE, parseHistoryArgs } from './history-args.ts';

const BATCH = 1000;

async function main(): Promise<number> {
  const args = parseHistoryArgs(process.argv.slice(2));
  if ('error' in args) {
    process.stderr.write(`${args.error}\n${HISTORY_USAGE}\n`);
    return 2;
  }
  const path = join(args.stateDir, DB_FILE);
  if (!existsSync(path)) {
    process.stderr.write(`history: no journal in ${args.stateDir} (${DB_FILE} is not there)\n`);
    return 1;
  }
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const epoch =
      (db.prepare("SELECT value FROM meta WHERE key = 'epoch'").pluck().get() as string | undefined) ?? null;
    const read = db.prepare('SELECT json FROM events WHERE seq > ? ORDER BY seq LIMIT ?').pluck();
    const out = new HistoryExport({ ...args, tournament: args.room, epoch });
    let after = 0;
    for (;;) {
      const rows = read.all(after, BATCH) as string[];
      if (rows.length === 0) break;
      const chunk: string[] = [];
      for (const json of rows) {
        const e = JSON.parse(json) as TableEvent;
        after = e.seq;
        const done = out.add(e);
        if (done && 'text' in done) chunk.push(done.text);
        else if (done) process.stderr.write(`${done.skipped}\n`);
      }
      if (chunk.length > 0 && !process.stdout.write(chunk.join(''))) {
        await new Promise((resolve) => process.stdout.once('drain', resolve));
      }
    }
  } finally {
    db.close();
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`history: ${(e as Error).message}\n`);
    process.exitCode = 1;
  },
);
