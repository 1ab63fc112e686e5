// No zero-chip bets (R-CHIPS-FORCED): a seat whose stack is gone after its blind posts no ante, so it gets no
// `bet.placed` at all, as an ante of 0 gets none. Over the real stack: the embedded broker, the bridge, the runtime on
// a SQLite journal; the events are read as a display reads them, on `<base>/events`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { collect, connectClient } from '../../helpers/mosquitto.ts';
import { BASE, startInputTable } from '../../helpers/input-table.ts';

const logger = pino({ level: 'silent' });
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!cond()) throw new Error(`timed out waiting for ${what}`);
}

interface Placed {
  type: string;
  seat: number;
  action: string;
  amount: number;
  stack: number;
}

describe('forced bets never place 0 chips', () => {
  it('anteBy each: the small blind all-in on its blind posts no ante; the others post theirs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-zero-post-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const t = await startInputTable(dir, logger);
    cleanups.push(() => t.close());
    const display = await connectClient(t.url, { username: 'floor', password: 'floor-pw', clientId: 'zero-post' });
    cleanups.push(() => void display.end(true));
    const events = collect(display);
    await display.subscribeAsync(`${BASE}/events`, { qos: 1 });
    const submit = (input: Record<string, unknown>) => {
      t.clock.advance(500);
      return t.runtime.submit(input as { type: string });
    };
    const rules = { chips: { mode: 'tracked', anteBy: 'each' } };
    submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda', rules });
    // seat 2 is the small blind and holds exactly the small blind
    for (const [seat, chips] of [
      [1, 1000],
      [2, 25],
      [3, 1000],
    ] as const) {
      submit({ type: 'command', name: 'seat-player', seat, player: `P${seat}`, chips });
      submit({ type: 'seat', seat, occupied: true });
    }
    submit({
      type: 'command',
      name: 'levels-start',
      levels: [{ smallBlind: 25, bigBlind: 50, ante: 10, minutes: 30 }],
    });
    submit({ type: 'command', name: 'set-button', seat: 1 });
    t.clock.advance(5000);
    submit({ type: 'shuffle' });
    const placed = () =>
      events.messages.flatMap((m) => JSON.parse(m.payload) as Placed | Placed[]).filter((e) => e.type === 'bet.placed');
    await until(() => placed().length >= 4, 'the forced bets');
    await new Promise((r) => setTimeout(r, 100));
    expect(placed().map((e) => [e.seat, e.action, e.amount, e.stack])).toEqual([
      [2, 'small-blind', 25, 0],
      [3, 'big-blind', 50, 950],
      [3, 'ante', 10, 940],
      [1, 'ante', 10, 990],
    ]);
    expect(placed().every((e) => e.amount > 0)).toBe(true);
  });
});
