// Chips tracked over the real stack: a networked panel's `bet` with `to` and a chip reader's `chips` input on
// `<base>/input` (embedded aedes broker, the runtime on a SQLite journal in a temp dir), and the retained state's
// stacks (R-CHIPS-TRACKED, R-BET-ROUND, R-BET-CHIPS).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { collect, connectClient } from '../helpers/mosquitto.ts';
import { BASE, startInputTable } from '../helpers/input-table.ts';

const logger = pino({ level: 'silent' });
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!cond()) throw new Error(`timed out waiting for ${what}`);
}

describe('chips tracked over MQTT', () => {
  it('a panel bet with `to` and a chip motion are judged with amounts; the state carries the stacks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-chips-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const t = await startInputTable(dir, logger);
    cleanups.push(() => t.close());
    const submit = (input: Record<string, unknown>) => {
      t.clock.advance(500);
      return t.runtime.submit(input as { type: string });
    };
    submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda', rules: { chips: { mode: 'tracked' } } });
    for (const seat of [1, 2, 3]) {
      submit({ type: 'command', name: 'seat-player', seat, player: `P${seat}`, chips: 1000 * seat });
      submit({ type: 'seat', seat, occupied: true });
    }
    submit({ type: 'command', name: 'levels-start', levels: [{ smallBlind: 25, bigBlind: 50, minutes: 30 }] });
    submit({ type: 'command', name: 'set-button', seat: 1 });
    t.clock.advance(5000);
    submit({ type: 'shuffle' });
    for (const card of ['As', 'Kd', 'Qc', 'Jh', 'Ts', '9d']) submit({ type: 'card', card });
    expect(t.runtime.snapshot()).toMatchObject({ onAction: { seat: 1 }, toCall: 50, minRaiseTo: 100 });

    const seen: TableEvent[] = [];
    t.runtime.onEvents((batch) => seen.push(...batch));
    const panel = await connectClient(t.url, { username: 'panel', password: 'panel-pw', clientId: 'panel-chips' });
    cleanups.push(() => void panel.end(true));
    const answers = collect(panel);
    await panel.subscribeAsync(`${BASE}/input/result`, { qos: 1 });
    await panel.publishAsync(`${BASE}/input`, JSON.stringify({ type: 'panel', button: 'bet', to: 300, id: 'b1' }), {
      qos: 1,
    });
    await until(() => seen.some((e) => e.type === 'bet.placed'), 'the bet');
    expect(seen.filter((e) => e.type === 'action' || e.type === 'bet.placed')).toMatchObject([
      { type: 'action', seat: 1, action: 'raise', by: 'panel' },
      { type: 'bet.placed', seat: 1, action: 'raise', amount: 300, to: 300, stack: 700 },
    ]);
    const motion = { type: 'chips', seat: 2, added: [100, 100, 50], removed: [], id: 'c1' };
    await panel.publishAsync(`${BASE}/input`, JSON.stringify(motion), { qos: 1 });
    await until(() => seen.some((e) => e.type === 'action' && e.by === 'chips'), 'the motion');
    expect(seen.filter((e) => e.type === 'bet.placed').at(-1)).toMatchObject({ seat: 2, action: 'call', to: 300 });
    await until(() => answers.messages.length >= 2, 'the answers');
    expect(answers.messages.map((m) => (JSON.parse(m.payload) as { ok: boolean }).ok)).toEqual([true, true]);
    const seats = t.runtime.snapshot().seatInfo.slice(0, 3);
    expect(seats.map((s) => [s.stack, s.bet])).toEqual([
      [700, 300],
      [1700, 300],
      [2950, 50],
    ]);
  });
});
