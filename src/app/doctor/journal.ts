// The doctor's look at the journal: sound (SQLite's quick check, as at start), which numbering (epoch, last seq),
// and whether a table controller holds it right now. Read-only: safe beside a running table.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TableError } from '../../domain/errors.ts';
import { inspectJournal } from '../../store/journal-file.ts';
import { LOCK_FILE, lockHolder } from '../../store/lock.ts';
import { DB_FILE } from '../../store/store.ts';
import { fail, ok, type CheckResult } from './report.ts';

export function checkJournal(dir: string): CheckResult {
  const path = join(dir, DB_FILE);
  const lock = join(dir, LOCK_FILE);
  const holder = existsSync(lock) ? lockHolder(lock) : null;
  const running = holder === null ? '' : `; in use by process ${holder} (the running table)`;
  try {
    const journal = inspectJournal(path);
    if (journal === null) return ok('journal', `${path} does not exist yet: the table starts a new one${running}`);
    const mb = (journal.bytes / 1024 / 1024).toFixed(1);
    return ok(
      'journal',
      `${path}: sound (quick check ok), ${mb} MB, last seq ${journal.lastSeq}, epoch ${journal.epoch ?? '(none yet)'}${running}`,
    );
  } catch (error) {
    if (error instanceof TableError && error.code === 'JOURNAL_DAMAGED') {
      return fail(
        'journal',
        error.message,
        'the table will not start on it: keep a copy if the data matters (sqlite3 table.db .recover), then start ' +
          'once with --new-journal, which moves it aside to table.db.damaged-<time> (docs/durability.md)',
      );
    }
    return fail('journal', `cannot read ${path}: ${(error as Error).message}`, 'check the file and its permissions');
  }
}
