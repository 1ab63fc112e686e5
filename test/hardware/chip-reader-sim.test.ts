// The simulated table with chip readers (`npm start -- --chip-readers`): the virtual players' calls, bets and raises
// go out as chip tags in their seats' betting zones, each seat's simulated chip reader groups them into `chips`
// inputs, and the real engine (journal, runtime, embedded broker) reads them (R-BET-CHIPS). The dealer gathers the
// bets at each round's end: no action, never refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { chipsFor } from '../../src/app/chip-readers.ts';
import { startSimulatedTable } from '../../src/app/simulated.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import { createVirtualTable } from '../../src/sim/index.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('--chip-readers', () => {
  it('is --chips with the amounts put out as chips; the simulated table only', () => {
    expect(parseStartArgs(['--chip-readers'])).toMatchObject({ chips: true, chipReaders: true });
    expect(parseStartArgs([])).toMatchObject({ chips: false, chipReaders: false });
    expect(() => parseStartArgs(['--config', 'table.yaml', '--chip-readers'])).toThrow(/--chip-readers is for the/);
  });

  it('makes an amount of the fewest chips, and a raise of two or more', () => {
    expect(chipsFor(1150)).toEqual([1000, 100, 25, 25]);
    expect(chipsFor(500)).toEqual([500]);
    expect(chipsFor(500, true)).toEqual([100, 100, 100, 100, 100]);
    expect(chipsFor(30025, true)).toEqual([25000, 5000, 25]);
  });

  it('plays hands whose calls, bets and raises are read off the seats’ chip readers', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'pt-chip-sim-'));
    dirs.push(stateDir);
    const args = parseStartArgs(
      [
        ['--chip-readers', '--hands', '6', '--speed', '50', '--seats', '6', '--seed', '11'],
        ['--irregularities', '0', '--state-dir', stateDir],
        ['--mqtt-port', '18961', '--ws-port', '18962', '--http-port', '18963'],
      ].flat(),
    );
    const out = new Writable({ write: (_c, _e, cb) => cb() });
    const table = await startSimulatedTable(args, { createVirtualTable, logger: pino({ level: 'silent' }), out });
    const events: TableEvent[] = [];
    table.app.runtime.onEvents((batch) => events.push(...batch));
    await table.finished;
    const journal = table.app.runtime.outbox.read(0, 100_000);
    await table.stop();

    // Every seat's reader came up and took its empty zone as it lay.
    const zones = journal.filter((e) => e.type === 'device.online' && e.device.startsWith('chips-'));
    for (let seat = 1; seat <= 6; seat++)
      expect(zones).toContainEqual(
        expect.objectContaining({
          device: `chips-${seat}`,
          detail: `simulated chip reader; seat ${seat}, 0 chips in the zone`,
        }),
      );
    const byChips = events.filter((e) => e.type === 'action' && e.by === 'chips');
    expect(byChips.map((e) => (e.type === 'action' ? e.action : null))).toEqual(
      expect.arrayContaining(['call', 'raise']),
    );
    // Each action read off the chips is followed by the chips it took from the stack.
    for (const a of byChips) {
      const next = events[events.indexOf(a) + 1];
      if (a.type === 'action' && a.action !== 'check' && a.action !== 'fold')
        expect(next).toMatchObject({ type: 'bet.placed', seat: a.seat });
    }
    // No chip motion was refused: not the players', not the dealer's gathering.
    expect(events.filter((e) => e.type === 'input.rejected')).toEqual([]);
    expect(events.filter((e) => e.type === 'request.rejected' && e.request === 'chips')).toEqual([]);
    expect(events.filter((e) => e.type === 'hand.ended').length).toBeGreaterThanOrEqual(6);
  }, 240_000);
});
