// The table's health on MQTT (docs/mqtt.md, health): retained `<base>/health`, and while the journal cannot be
// written, `<base>/devices/storage` offline. Both are published outside the journal, which cannot take them; the
// outage reaches the event stream once the journal can be written again (src/runtime/storage-watch.ts). Also what a
// command is answered when the journal refuses it.
import { TableError } from '../domain/errors.ts';
import type { Health, HealthReport } from '../runtime/health.ts';
import type { RetainedTopics } from './retained.ts';
import type { Topics } from './topics.ts';

/** Publishes the health now and at each change; returns the stop. */
export function publishHealth(health: Health, retained: RetainedTopics, topics: Topics, epoch?: string): () => void {
  let first = true;
  const show = (report: HealthReport) => {
    retained.set(topics.health, JSON.stringify({ ...report, ...(epoch !== undefined ? { epoch } : {}) }));
    const storage = report.reasons.find((r) => r.component === 'storage');
    if (storage) {
      // The same payload as a device.offline event gives (retained.ts), so the journaled one changes nothing.
      const payload = { online: false, detail: storage.detail, at: storage.since };
      retained.set(topics.device('storage'), JSON.stringify(payload));
    } else if (first) {
      // At start: an external broker may still hold the `offline` of an outage the last process never journaled.
      const payload = { online: true, detail: 'the journal can be written', at: report.since };
      retained.set(topics.device('storage'), JSON.stringify(payload));
    }
    first = false;
  };
  show(health.report());
  return health.onChange(show);
}

/** The answer to a command whose submission threw: a journal refusal has its code and words; anything else is an
 * internal error, which the caller logs. */
export function failedCommand(err: unknown): { error: string; code?: string } {
  if (err instanceof TableError && (err.code === 'STORAGE_FULL' || err.code === 'JOURNAL_FAILED')) {
    return { error: err.message, code: err.code };
  }
  return { error: `internal error: ${(err as Error).message}` };
}

/** A refusal the table's health already reports: not worth an error line per message. */
export function isJournalRefusal(err: unknown): boolean {
  return err instanceof TableError && (err.code === 'STORAGE_FULL' || err.code === 'JOURNAL_FAILED');
}
