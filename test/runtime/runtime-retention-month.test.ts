// A month of a venue's evenings on an SD card: the virtual dealer (src/sim) plays a session every evening against
// the real runtime (real engine, real SQLite on a temp dir) under a fake clock, with the maintenance of production
// (a checkpoint and retention every hour) and a sink that delivers everything. With retentionDays the journal stops
// growing once the retention window is full: SQLite reuses the pages of what retention deleted.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import type { Input } from '../../src/domain/types.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { createRuntime } from '../../src/runtime/runtime.ts';
import type { RawInput } from '../../src/runtime/types.ts';
import { createVirtualTable } from '../../src/sim/index.ts';
import { DB_FILE, openStore } from '../../src/store/store.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const START = Date.UTC(2026, 0, 1);
/** Each evening from 19:00, this many hands, then the table stands until the next evening. */
const SESSION_AT = 19 * HOUR;
const HANDS_PER_EVENING = 30;
const DAYS = 30;
const RETENTION_DAYS = 7;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Plays DAYS evenings; returns the database file's size at the end of each day and what was journaled in all. */
function playMonth(dir: string, retentionDays: number | undefined) {
  const profiles = loadProfiles();
  const clock = fakeClock(START);
  const rt = createRuntime({
    table: { profiles },
    store: openStore({ dir, fsync: 'background' }),
    clock,
    logger: pino({ level: 'silent' }),
    ...(retentionDays !== undefined ? { retentionDays } : {}),
  });
  // The MQTT publisher's part: a sink that has every event at once, so delivered events too may be pruned.
  rt.outbox.cursor('mqtt');
  let journaled = 0;
  let hands = 0;
  let evening = 0;
  // The evening's last hand has ended: what the dealer does next waits for the next evening.
  let pause: { from: number; until: number } | null = null;
  const table = createVirtualTable({
    seed: 20260101,
    seats: 9,
    players: 8,
    profile: 'tda',
    irregularityRate: 0.1,
    profiles,
    startAt: START + SESSION_AT,
  });
  const deliver = (input: Input) => {
    const { at: _at, ...raw } = input;
    const json = JSON.stringify(input);
    journaled += json.length;
    rt.submit(raw as RawInput);
  };
  const schedule = (inputs: readonly Input[]) => {
    for (const input of inputs) {
      const at = pause && input.at < pause.until ? pause.until + (input.at - pause.from) : input.at;
      clock.setTimer(at, () => deliver(input));
    }
  };
  rt.onEvents((events) => {
    rt.outbox.ack('mqtt', events.at(-1)!.seq);
    for (const e of events) {
      journaled += JSON.stringify(e).length;
      if (e.type === 'hand.ended' && ++hands % HANDS_PER_EVENING === 0) {
        evening++;
        pause = { from: e.at, until: START + evening * DAY + SESSION_AT };
      }
    }
    schedule(table.react(events));
  });
  schedule(table.start());

  const sizes: number[] = [];
  for (let day = 1; day <= DAYS; day++) {
    clock.advanceTo(START + day * DAY - 1);
    sizes.push(fileSize(join(dir, DB_FILE)));
  }
  rt.close();
  return { sizes, hands, journaled, wal: fileSize(join(dir, `${DB_FILE}-wal`)) };
}

function oldestInput(dir: string): number {
  const db = new Database(join(dir, DB_FILE), { readonly: true });
  try {
    return db.prepare('SELECT min(at) FROM inputs').pluck().get() as number;
  } finally {
    db.close();
  }
}

it(`a month of evenings keeps the journal at its ${RETENTION_DAYS}-day size with retention, and it grows without`, () => {
  const kept = mkdtempSync(join(tmpdir(), 'pt-month-'));
  const all = mkdtempSync(join(tmpdir(), 'pt-month-all-'));
  dirs.push(kept, all);
  const month = playMonth(kept, RETENTION_DAYS);
  const unbounded = playMonth(all, undefined);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
  console.log(
    `month: ${month.hands} hands in ${DAYS} evenings, ${mb(month.journaled)} MB of inputs and events journaled; ` +
      `table.db by day with ${RETENTION_DAYS}-day retention: ${month.sizes.map(mb).join(' ')} MB ` +
      `(WAL ${mb(month.wal)} MB at close); without retention: ${mb(unbounded.sizes.at(-1)!)} MB`,
  );
  expect(month.hands).toBeGreaterThanOrEqual(DAYS * HANDS_PER_EVENING);
  // Once the window is full (a week, plus a day for the older of the two kept checkpoints), the file stops growing:
  // the last two weeks add nothing to the largest size of the third week.
  const thirdWeek = Math.max(...month.sizes.slice(RETENTION_DAYS + 2, RETENTION_DAYS + 9));
  expect(Math.max(...month.sizes.slice(RETENTION_DAYS + 9))).toBeLessThanOrEqual(thirdWeek * 1.05);
  // And it is the retention that bounds it: the same month without keeps growing, to well above.
  expect(unbounded.sizes.at(-1)!).toBeGreaterThan(2.5 * month.sizes.at(-1)!);
  expect(oldestInput(kept)).toBeGreaterThanOrEqual(START + (DAYS - RETENTION_DAYS - 2) * DAY);
}, 180_000); // two simulated months of play, CPU-bound: it shares the cores with the other test files
