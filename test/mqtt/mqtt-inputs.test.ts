// Networked panel inputs on the real stack (embedded broker, real runtime and engine, SQLite journal on a temp
// dir): a QoS 1 retransmission acts once, a press made in a context the table has left is refused, every press is
// answered on input/result, and nothing refused reaches the journal (issue 9, items 2 and 4).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { collect, connectClient } from '../helpers/mosquitto.ts';
import { BASE, dealToFirstAction, journalInputs, rawClient, startInputTable } from '../helpers/input-table.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pt-inputs-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function table(dir: string, options: Parameters<typeof startInputTable>[2] = {}) {
  const t = await startInputTable(dir, logger, options);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await t.close();
  };
  cleanups.push(close);
  return { ...t, close };
}

async function panel(url: string, clientId = 'panel-1'): Promise<{ client: MqttClient; answers: () => Answer[] }> {
  const client = await connectClient(url, { username: 'panel', password: 'panel-pw', clientId });
  cleanups.push(() => void client.end(true));
  const seen = collect(client);
  await client.subscribeAsync(`${BASE}/input/result`, { qos: 1 });
  const answers = () => seen.messages.map((m) => JSON.parse(m.payload) as Answer);
  return { client, answers };
}

interface Answer {
  id: string | null;
  ok: boolean;
  input: string | null;
  seq?: number;
  error?: { code: string; message: string };
  duplicate?: true;
}

async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!cond()) throw new Error(`timed out waiting for ${what}`);
}

const actions = (events: readonly TableEvent[]) =>
  events.filter((e) => e.type === 'action').map((e) => (e as { seat: number; action: string }).seat);

describe('networked inputs', () => {
  it('a QoS 1 retransmission (DUP, same packet id, on the next connection) of a fold folds one seat', async () => {
    const dir = tempDir();
    const t = await table(dir);
    dealToFirstAction(t.runtime, t.clock);
    const onAction = t.runtime.snapshot().onAction!.seat;
    const { answers } = await panel(t.url, 'panel-watch');
    const seen: TableEvent[] = [];
    t.runtime.onEvents((batch) => seen.push(...batch));
    // No id, no seq: only the packet id tells the retransmission from a second press.
    const press = JSON.stringify({ type: 'panel', button: 'fold' });
    const first = await rawClient(t.broker.port, 'panel-raw', 'panel', 'panel-pw');
    cleanups.push(() => first.end());
    first.publish(`${BASE}/input`, press, 7, false);
    await until(() => answers().length === 1, 'the answer');
    first.end(); // the PUBACK was lost with the connection: the stack sends the message again on the next one
    const again = await rawClient(t.broker.port, 'panel-raw', 'panel', 'panel-pw');
    cleanups.push(() => again.end());
    again.publish(`${BASE}/input`, press, 7, true);
    await until(() => again.pubacks().length === 1, 'the PUBACK of the retransmission');
    // A second press afterwards (new packet id) is a press: it acts on the next seat.
    again.publish(`${BASE}/input`, JSON.stringify({ type: 'panel', button: 'call' }), 8, false);
    await until(() => answers().length === 2, 'the answer to the next press');
    expect(actions(seen)).toHaveLength(2);
    expect(actions(seen)[0]).toBe(onAction);
    expect(actions(seen)[1]).not.toBe(onAction);
    expect(answers().map((a) => a.ok)).toEqual([true, true]);
  });

  it('an input id is taken once: a panel retry (same id, new packet) gets the first answer, marked duplicate', async () => {
    const dir = tempDir();
    const t = await table(dir);
    dealToFirstAction(t.runtime, t.clock);
    const onAction = t.runtime.snapshot().onAction!.seat;
    const { answers } = await panel(t.url, 'panel-watch');
    const seen: TableEvent[] = [];
    t.runtime.onEvents((batch) => seen.push(...batch));
    const raw = await rawClient(t.broker.port, 'panel-raw', 'panel', 'panel-pw');
    cleanups.push(() => raw.end());
    const press = JSON.stringify({ type: 'panel', button: 'fold', id: 'p-17' });
    raw.publish(`${BASE}/input`, press, 7, false);
    raw.publish(`${BASE}/input`, press, 8, false);
    await until(() => answers().length === 2, 'two answers');
    expect(raw.pubacks()).toEqual([7, 8]);
    expect(actions(seen)).toEqual([onAction]); // one seat folded, not two
    const [first, second] = answers();
    expect(first).toMatchObject({ id: 'p-17', ok: true, input: 'panel' });
    expect(second).toEqual({ ...first, duplicate: true });
    expect(first!.seq).toBe(t.runtime.outbox.lastSeq());
  });

  it('remembers input ids across a controller restart (rebuilt from the journal)', async () => {
    const dir = tempDir();
    const first = await table(dir);
    dealToFirstAction(first.runtime, first.clock);
    const p1 = await panel(first.url);
    await p1.client.publishAsync(`${BASE}/input`, JSON.stringify({ type: 'panel', button: 'fold', id: 'p-1' }), {
      qos: 1,
    });
    await until(() => p1.answers().length === 1, 'the first answer');
    const before = first.runtime.outbox.lastSeq();
    await first.close();

    const second = await table(dir, { clock: first.clock });
    const p2 = await panel(second.url);
    await p2.client.publishAsync(`${BASE}/input`, JSON.stringify({ type: 'panel', button: 'fold', id: 'p-1' }), {
      qos: 1,
    });
    await until(() => p2.answers().length === 1, 'the answer after the restart');
    expect(p2.answers()[0]).toEqual({ ...p1.answers()[0], duplicate: true });
    expect(second.runtime.outbox.lastSeq()).toBe(before);
    expect(journalInputs(dir).filter((j) => j.includes('"p-1"'))).toHaveLength(1);
  });

  it('refuses a press made before the turn changed (seq) as stale, so a retransmission without an id acts once', async () => {
    const dir = tempDir();
    const t = await table(dir);
    dealToFirstAction(t.runtime, t.clock);
    const seen: TableEvent[] = [];
    t.runtime.onEvents((batch) => seen.push(...batch));
    const { client, answers } = await panel(t.url);
    const seq = t.runtime.outbox.lastSeq();
    const press = JSON.stringify({ type: 'panel', button: 'call', seq });
    await client.publishAsync(`${BASE}/input`, press, { qos: 1 });
    await client.publishAsync(`${BASE}/input`, press, { qos: 1 });
    await until(() => answers().length === 2, 'two answers');
    expect(actions(seen)).toHaveLength(1);
    expect(answers()[0]).toMatchObject({ ok: true, input: 'panel' });
    expect(answers()[1]).toMatchObject({ ok: false, id: null, error: { code: 'stale' } });
    expect(answers()[1]).not.toHaveProperty('seq');
    // A seq the table never reached (another journal): stale too. A fresh seq: taken.
    const ahead = JSON.stringify({ type: 'panel', button: 'call', seq: 1e9 });
    await client.publishAsync(`${BASE}/input`, ahead, { qos: 1 });
    const fresh = JSON.stringify({ type: 'panel', button: 'call', seq: t.runtime.outbox.lastSeq() });
    await client.publishAsync(`${BASE}/input`, fresh, { qos: 1 });
    await until(() => answers().length === 4, 'four answers');
    expect(answers()[2]).toMatchObject({ ok: false, error: { code: 'stale' } });
    expect(answers()[3]).toMatchObject({ ok: true });
    expect(actions(seen)).toHaveLength(2);
  });

  it('answers refused presses with a code, the engine refusals too, and journals none of the garbage', async () => {
    const dir = tempDir();
    const t = await table(dir);
    const { client, answers } = await panel(t.url);
    const rows = journalInputs(dir).length;
    const send = (payload: string) => client.publishAsync(`${BASE}/input`, payload, { qos: 1 });
    await send('not json');
    await send(JSON.stringify({ type: 'panel', button: 'fold', id: 'pad', pad: 'x'.repeat(60_000) }));
    await send(JSON.stringify({ type: 'panel', button: 'fold', id: 'pad2', pad: 'x'.repeat(1000) }));
    await send(JSON.stringify({ type: 'panel', button: 'sing', id: 'b' }));
    await send(JSON.stringify({ type: 'seat', seat: 40, occupied: true, id: 's' }));
    await send(JSON.stringify({ type: 'card', card: 'As' }));
    await send(`{"type":"panel","button":"fold","card":${'['.repeat(500)}${']'.repeat(500)}}`);
    await send(JSON.stringify({ type: 'panel', button: 'fold', id: 'ok-shape' })); // no table set up: the engine says no
    await until(() => answers().length === 8, 'eight answers');
    expect(answers().map((a) => [a.id, a.error?.code])).toEqual([
      [null, 'not-json'],
      [null, 'too-large'],
      ['pad2', 'invalid'],
      ['b', 'invalid'],
      ['s', 'invalid'],
      [null, 'invalid'],
      [null, 'not-json'],
      ['ok-shape', 'rejected'],
    ]);
    expect(answers()[7]!.error!.message).toMatch(/set up/);
    const added = journalInputs(dir).slice(rows);
    expect(added).toEqual([expect.stringContaining('"ok-shape"')]);
    expect(t.bridge.stats().inputs).toMatchObject({
      answered: 8,
      journaled: 1,
      refused: { 'not-json': 2, 'too-large': 1, invalid: 4 },
    });
  });

  it('refuses malformed commands before the journal too (the engine validator), and still answers them', async () => {
    const dir = tempDir();
    const t = await table(dir);
    const floor = await connectClient(t.url, { username: 'floor', password: 'floor-pw' });
    cleanups.push(() => void floor.end(true));
    const seen = collect(floor);
    await floor.subscribeAsync(`${BASE}/cmd/result`, { qos: 1 });
    const rows = journalInputs(dir).length;
    const levels = [{ break: true, minutes: 10 }];
    await floor.publishAsync(`${BASE}/cmd/levels-start`, JSON.stringify({ id: 'l1', levels }), { qos: 1 });
    await floor.publishAsync(`${BASE}/cmd/setup`, JSON.stringify({ id: 's1', seats: 40, profile: 'tda' }), { qos: 1 });
    await floor.publishAsync(`${BASE}/cmd/setup`, JSON.stringify({ id: 's2', seats: 6, profile: 'tda' }), { qos: 1 });
    await seen.until((m) => m.length === 3, 'three answers');
    const got = seen.messages.map((m) => JSON.parse(m.payload) as { id: string; ok: boolean; error?: string });
    expect(got.map((a) => [a.id, a.ok])).toEqual([
      ['l1', false],
      ['s1', false],
      ['s2', true],
    ]);
    expect(got[0]!.error).toMatch(/not be a break/);
    expect(journalInputs(dir).slice(rows)).toEqual([expect.stringContaining('"s2"')]);
  });

  it('limits the rate: the broker cuts a client that publishes too fast, the bridge answers rate-limited', async () => {
    const dir = tempDir();
    const t = await table(dir, {
      broker: { publishRate: { perSecond: 0.001, burst: 5 } },
      bridge: { inputRate: { perSecond: 0.001, burst: 3 } },
    });
    const watcher = await panel(t.url, 'panel-watch');
    const raw = await rawClient(t.broker.port, 'panel-flood', 'panel', 'panel-pw');
    cleanups.push(() => raw.end());
    for (let i = 1; i <= 5; i++) {
      raw.publish(`${BASE}/input`, JSON.stringify({ type: 'timebank', seat: 1 }), i, false);
      await until(() => raw.pubacks().length === i, `PUBACK ${i}`);
    }
    raw.publish(`${BASE}/input`, JSON.stringify({ type: 'timebank', seat: 1 }), 6, false);
    await until(() => raw.closed(), 'the flooding client to be cut');
    expect(raw.pubacks()).toEqual([1, 2, 3, 4, 5]);
    await until(() => watcher.answers().length === 5, 'five answers');
    expect(watcher.answers().map((a) => a.error?.code)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'rate-limited',
      'rate-limited',
    ]);
    expect(journalInputs(dir).filter((j) => j.includes('timebank'))).toHaveLength(3);
    // Another client has a bucket of its own at the broker.
    await watcher.client.publishAsync(`${BASE}/input`, JSON.stringify({ type: 'timebank', seat: 1 }), { qos: 1 });
    await until(() => watcher.answers().length === 6, 'the other client answered');
  });
});
