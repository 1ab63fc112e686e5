// The broadcast delay across a real SIGKILL (docs/broadcast.md): a table process (test/helpers/broadcast-child.ts,
// fake clock, real journal, real equity worker, a real mosquitto with the shipped ACL) is killed in the middle of a
// hand whose events are all still held back; a new process on the same journal finishes the hand. A production account
// that stays subscribed throughout gets nothing before its event's at + delay on the table's clock, and in the end
// every event of the journal in broadcast form and every equity, each at least once (de-duplicated by seq and type),
// the equities as equityOf gives them, also those the new process worked out after following the hand again.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BroadcastTracker, broadcastForm } from '../../src/domain/broadcast.ts';
import { equityOf } from '../../src/domain/equity/equity.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import type { EquityMessage } from '../../src/mqtt/broadcast.ts';
import { DB_FILE } from '../../src/store/store.ts';
import { collect, mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { BASE as base, cleanupsAfterEach, TABLE_START } from '../helpers/mqtt-table.ts';

const CHILD = join(TEST_DIR, 'helpers', 'broadcast-child.ts');
const DELAY = 30;
const topic = `${base}/secure/broadcast`;
const cleanups = cleanupsAfterEach();

interface Child {
  /** Sends a command; resolves with the journal's last seq and the table's time once it is done. */
  send(command: string): Promise<{ seq: number; now: number }>;
  kill(): Promise<void>;
}

async function startChild(
  dir: string,
  url: string,
  start: number,
): Promise<Child & { ready: { seq: number; now: number } }> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', CHILD, dir, url, String(start), String(DELAY)],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const answers: ((a: { seq: number; now: number }) => void)[] = [];
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const [, seq, now] = buffer.slice(0, nl).split(' ');
      buffer = buffer.slice(nl + 1);
      answers.shift()?.({ seq: Number(seq), now: Number(now) });
    }
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const answer = () =>
    new Promise<{ seq: number; now: number }>((resolve, reject) => {
      answers.push(resolve);
      void exited.then(() => reject(new Error(`the table process stopped: ${stderr}`)));
    });
  const ready = await answer();
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    return exited;
  });
  return {
    ready,
    send(command) {
      const a = answer();
      child.stdin.write(`${command}\n`);
      return a;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

type Message = (TableEvent | EquityMessage) & { seq: number; type: string };

const missing = mosquittoMissing();
describe.skipIf(missing !== null)(`the broadcast delay across a SIGKILL (${missing ?? 'mosquitto'})`, () => {
  it('releases nothing early and loses nothing', async () => {
    const users = { 'pokertable-controller': 'c', production: 'production-pw' };
    const broker = await startMosquitto({
      users,
      files: { 'pokertable.acl': readFileSync('config/mosquitto/pokertable.acl', 'utf8') },
      config: ['allow_anonymous false', 'password_file {dir}/passwd', 'acl_file {dir}/pokertable.acl'],
    });
    cleanups.push(() => broker.dispose());
    const prod = await cleanups.client(broker.url, { username: 'production', password: 'production-pw' });
    // each message with the table's time it was released at: the table's clock moves only when the test says so
    let tableNow = TABLE_START;
    const arrivals: { e: Message; now: number }[] = [];
    prod.on('message', (t, payload) => {
      if (t === topic) arrivals.push({ e: JSON.parse(payload.toString()) as Message, now: tableNow });
    });
    // after the listener above, so that its waits see what that listener noted
    const feed = collect(prod);
    await prod.subscribeAsync(topic, { qos: 1 });
    const dir = cleanups.tempDir('pt-broadcast-restart-');

    const first = await startChild(dir, broker.url, TABLE_START);
    await first.send('setup');
    // into the hand: the hole cards dealt and the first actions (the deal's equity computed), then killed
    const killedAt = await first.send('hand 19');
    expect(killedAt.seq).toBeGreaterThanOrEqual(19);
    await first.kill();
    // nothing was due: the first event's at + 30 s is still ahead on the table's clock
    expect(killedAt.now).toBeLessThan(TABLE_START + DELAY * 1000);
    expect(arrivals).toEqual([]);

    const second = await startChild(dir, broker.url, killedAt.now);
    tableNow = (await second.send('rest')).now;
    // a few broker hops later, still nothing: the new process counts the delay from the journaled `at`
    await new Promise((r) => setTimeout(r, 300));
    expect(arrivals).toEqual([]);

    const full = readEvents(dir);
    expect(full.filter((e) => e.type === 'hand.ended')).toHaveLength(1);
    const forms = full.filter((e) => broadcastForm(e) !== null);
    const released = () => new Set(arrivals.filter((a) => a.e.type !== 'equity').map((a) => a.e.seq));
    for (let step = 0; step < 20 && released().size < forms.length; step++) {
      // the table's time moves before the child says so: what it releases may reach us before its answer does
      tableNow += 2500;
      expect((await second.send('advance 2500')).now).toBe(tableNow);
      const due = forms.filter((e) => e.at + DELAY * 1000 <= tableNow).length;
      await feed.until(() => released().size >= due, `${due} events due at ${tableNow}`);
    }
    // nothing early
    for (const { e, now } of arrivals) expect(e.at + DELAY * 1000).toBeLessThanOrEqual(now);
    // nothing lost: every event once at least, in broadcast form
    const bySeq = new Map(arrivals.filter((a) => a.e.type !== 'equity').map((a) => [a.e.seq, a.e]));
    expect([...bySeq.values()].sort((a, b) => a.seq - b.seq)).toEqual(forms.map(broadcastForm));
    // and every equity, as equityOf gives it (those after the kill worked out by the new process)
    const equities = new Map(
      arrivals.flatMap((a) => (a.e.type === 'equity' ? [[a.e.seq, a.e as EquityMessage] as const] : [])),
    );
    const tracker = new BroadcastTracker(() => 'holdem');
    const asks = full.flatMap((e) => {
      const ask = tracker.follow(e);
      return ask ? [{ seq: e.seq, ask }] : [];
    });
    expect(asks).toHaveLength(5);
    expect(asks.filter((a) => a.seq > killedAt.seq).length).toBeGreaterThanOrEqual(3);
    expect([...equities.keys()].sort((a, b) => a - b)).toEqual(asks.map((a) => a.seq));
    for (const { seq, ask } of asks) {
      const r = equityOf(ask.spot);
      expect(equities.get(seq)!.seats.map((s) => [s.seat, s.win, s.share])).toEqual(
        ask.seats.map((seat, i) => [seat, r.hands[i]!.win, r.hands[i]!.share]),
      );
    }
  }, 120_000);
});

function readEvents(dir: string): TableEvent[] {
  const db = new Database(join(dir, DB_FILE), { readonly: true });
  try {
    const rows = db.prepare('SELECT json FROM events ORDER BY seq').pluck().all() as string[];
    return rows.map((r) => JSON.parse(r) as TableEvent);
  } finally {
    db.close();
  }
}
