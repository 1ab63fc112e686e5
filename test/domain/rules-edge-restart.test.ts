// Rules resolved at the edge (issue 11, item 1): a restart whose config plays other rules or seats than the journal
// sets the table up again at the next hand boundary, logged with what changed.
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { startHardwareTable } from '../../src/app/hardware.ts';
import { setUpTable } from '../../src/app/table-setup.ts';
import { loadTableConfig } from '../../src/config/load.ts';
import { loadTableProfile } from '../../src/config/rules.ts';
import { journal, open, seatFour, startRuntime, tempDir, writeConfig } from '../helpers/rules-edge.ts';

describe('a restart whose config plays other rules than the journal', () => {
  const restart = (dir: string, table: string) => {
    const config = loadTableConfig(writeConfig(dir, table));
    const { profile, profiles } = loadTableProfile(config);
    const started = startRuntime(join(dir, 'state'), profiles);
    setUpTable(started.rt, config, profile, started.logger);
    return started;
  };

  it('journals nothing when the resolved rules and seats are the same', () => {
    const dir = tempDir();
    const first = restart(dir, '  seats: 4\n  rules:\n    clock:\n      seconds: 40');
    expect(journal(first.rt).filter((i) => i.name === 'setup')).toHaveLength(1);
    first.rt.close();
    open.splice(0);
    // The same values, written out in full: nothing changes.
    const second = restart(dir, '  seats: 4\n  rules:\n    clock:\n      seconds: 40\n      countdownSeconds: 5');
    expect(journal(second.rt).filter((i) => i.name === 'setup')).toHaveLength(1);
  });

  it('sets up again at once between hands, and says what changed', () => {
    const dir = tempDir();
    restart(dir, '  seats: 4').rt.close();
    open.splice(0);
    const again = restart(dir, '  seats: 5\n  rules:\n    shotClock:\n      enabled: true');
    expect(again.rt.profile!()?.shotClock.enabled).toBe(true);
    expect(again.rt.snapshot().seats).toBe(5);
    const line = again.lines.find((l) => l.module === 'setup' && l.level === 30 && 'changed' in l);
    expect(line?.changed).toEqual({
      seats: { journal: 4, config: 5 },
      rules: [{ field: 'shotClock.enabled', journal: false, config: true }],
    });
  });

  it('sets up again when only the game in the config changed (R-GAME)', () => {
    const dir = tempDir();
    restart(dir, '  seats: 4').rt.close();
    open.splice(0);
    const again = restart(dir, '  seats: 4\n  game: omaha');
    expect(again.rt.snapshot().game).toBe('omaha');
    expect(
      journal(again.rt)
        .filter((i) => i.name === 'setup')
        .map((i) => i.game),
    ).toEqual(['holdem', 'omaha']);
    const line = again.lines.find((l) => l.module === 'setup' && l.level === 30 && 'changed' in l);
    // Omaha's own structure comes with it (R-GAME-LIST: pot-limit), so the structure changed too.
    expect(line?.changed).toEqual({
      game: { journal: 'holdem', config: 'omaha' },
      betting: { journal: 'no-limit', config: 'pot-limit' },
      rules: [],
    });
    again.rt.close();
    open.splice(0);
    // The same game again: nothing new journaled.
    expect(journal(restart(dir, '  seats: 4\n  game: omaha').rt).filter((i) => i.name === 'setup')).toHaveLength(2);
  });

  it('waits for the hand under way to end, then journals a new setup before the next one', () => {
    const dir = tempDir();
    const first = restart(dir, '  seats: 4');
    seatFour(first.rt);
    first.rt.submit({ type: 'shuffle' });
    expect(first.rt.snapshot().hand).not.toBeNull();
    first.rt.close();
    open.splice(0);

    const again = restart(dir, '  seats: 4\n  rules:\n    shotClock:\n      enabled: true\n      seconds: 20');
    // The hand under way keeps the rules it started with.
    expect(again.rt.profile!()?.shotClock).toMatchObject({ enabled: false, seconds: 30 });
    expect(journal(again.rt).filter((i) => i.name === 'setup')).toHaveLength(1);
    const waiting = again.lines.find((l) => l.module === 'setup' && 'changed' in l);
    expect(waiting?.msg).toMatch(/when the hand under way ends/);
    expect((waiting?.changed as { rules: unknown[] }).rules).toEqual([
      { field: 'shotClock.enabled', journal: false, config: true },
      { field: 'shotClock.seconds', journal: 30, config: 20 },
    ]);

    again.rt.submit({ type: 'panel', button: 'misdeal' });
    expect(again.rt.snapshot().hand).toBeNull();
    expect(again.rt.profile!()?.shotClock).toMatchObject({ enabled: true, seconds: 20 });
    const inputs = journal(again.rt);
    expect(inputs.at(-1)).toMatchObject({ name: 'setup', seats: 4, profile: 'tda' });
    expect(inputs.at(-2)).toMatchObject({ type: 'panel', button: 'misdeal' });
    // The players stay; the next hand plays the new rules, and no second setup follows.
    expect(again.rt.snapshot().seatInfo.filter((s) => s.player !== null)).toHaveLength(4);
    again.rt.submit({ type: 'shuffle' });
    expect(again.rt.snapshot().hand).not.toBeNull();
    again.rt.submit({ type: 'panel', button: 'misdeal' });
    expect(journal(again.rt).filter((i) => i.name === 'setup')).toHaveLength(2);
  });
});

describe('the hardware table (startHardwareTable) on a journal whose rules the config changed', () => {
  it('sets the table up again between hands at start, from the same journal', async () => {
    const dir = tempDir();
    const config = (rules: string) => writeConfig(dir, `  seats: 4${rules}\nhttp:\n  port: null`);
    const args = (file: string) => ({
      ...parseStartArgs(['--config', file, '--mqtt-port', '0', '--ws-port', '0']),
      logLevel: 'warn' as const,
    });
    const quiet = pino({ level: 'silent' });
    const first = await startHardwareTable({ ...args(config('')), config: join(dir, 'table.yaml') }, quiet);
    expect(first.runtime.profile!()?.shotClock.enabled).toBe(false);
    await first.stop();
    const file = config('\n  rules:\n    shotClock:\n      enabled: true');
    const second = await startHardwareTable({ ...args(file), config: file }, quiet);
    try {
      expect(second.runtime.profile!()?.shotClock.enabled).toBe(true);
      const setups = second.runtime.recentInputs!(100).filter((r) => (r.input as { name?: string }).name === 'setup');
      expect(setups).toHaveLength(2);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
