// Rules resolved at the edge, once (issue 11, item 1): the config's `rules:` merged over the profile and validated at
// load; `setup` journaled with every rule value, so a replay needs no profile file; a restart whose config plays
// other rules applies them at the next hand boundary.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { parseStartArgs } from '../src/app/args.ts';
import { runDoctor } from '../src/app/doctor/run.ts';
import { startHardwareTable } from '../src/app/hardware.ts';
import { setUpTable } from '../src/app/table-setup.ts';
import { loadTableConfig } from '../src/config/load.ts';
import { loadProfiles, SHIPPED_RULES_DIR } from '../src/config/profiles.ts';
import { loadTableProfile } from '../src/config/rules.ts';
import { TableError } from '../src/domain/errors.ts';
import type { Profile } from '../src/domain/profile.ts';
import { rulesOf } from '../src/domain/profile-resolve.ts';
import { createTable } from '../src/domain/table.ts';
import { fakeClock } from '../src/runtime/clock.ts';
import { createRuntime, type TableRuntime } from '../src/runtime/runtime.ts';
import { openStore } from '../src/store/store.ts';

const root = join(import.meta.dirname, '..');
const dirs: string[] = [];
const open: TableRuntime[] = [];
afterEach(() => {
  for (const r of open.splice(0)) r.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pt-rules-'));
  dirs.push(dir);
  return dir;
}
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}
function writeConfig(dir: string, table: string): string {
  const file = join(dir, 'table.yaml');
  writeFileSync(file, `table:\n  id: t1\n${table}\nstorage:\n  dir: ./state\ndevices: []\n`);
  return file;
}
function startRuntime(dir: string, profiles: Record<string, Profile>, at = 1000) {
  const log = capture();
  const rt = createRuntime({
    table: { profiles },
    store: openStore({ dir }),
    clock: fakeClock(at),
    logger: log.logger,
    maintenanceEveryMs: 1e15,
  });
  open.push(rt);
  return { rt, lines: log.lines, logger: log.logger };
}
function journal(rt: TableRuntime): Record<string, unknown>[] {
  return rt.recentInputs!(10_000).map((r) => r.input as Record<string, unknown>);
}
/** Four players seated and present: a shuffle starts a hand. */
function seatFour(rt: TableRuntime): void {
  for (const seat of [1, 2, 3, 4]) {
    rt.submit({ type: 'command', name: 'seat-player', seat, player: `P${seat}` });
    rt.submit({ type: 'seat', seat, occupied: true });
  }
}

describe('a table config whose rules do not make a valid profile', () => {
  it('is CONFIG_INVALID naming the config file and the field; doctor and the start say the same', async () => {
    const dir = tempDir();
    const file = writeConfig(dir, '  seats: 6\n  rules:\n    shotClock:\n      enabld: true');
    const config = loadTableConfig(file);
    let error: unknown;
    try {
      loadTableProfile(config);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TableError);
    expect((error as TableError).code).toBe('CONFIG_INVALID');
    expect((error as TableError).detail).toEqual({ file: config.source, field: '/table/rules/shotClock/enabld' });
    expect((error as TableError).message).toContain('/table/rules/shotClock/enabld is not a known field');

    const results = await runDoctor(file);
    const profile = results.find((r) => r.subject === 'profile');
    expect(profile?.status).toBe('fail');
    expect(profile?.detail).toContain('/table/rules/shotClock/enabld');

    // The table does not start (before any port or journal is touched).
    const start = spawnSync(process.execPath, ['--import', 'tsx', 'src/app/main.ts', '--config', file], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(start.status).not.toBe(0);
    expect(start.stderr).toContain('/table/rules/shotClock/enabld');
    expect(start.stderr).toContain('table.yaml');
  }, 90_000);

  it('names a wrong type, and a limit only the engine knows, with the field', () => {
    const dir = tempDir();
    const wrongType = loadTableConfig(writeConfig(dir, '  rules:\n    clock:\n      seconds: "25"'));
    expect(() => loadTableProfile(wrongType)).toThrow(/\/table\/rules\/clock\/seconds must be integer/);
    const beyond = loadTableConfig(writeConfig(dir, '  rules:\n    misdeal:\n      exposedPositions: [1, 99]'));
    expect(() => loadTableProfile(beyond)).toThrow(/\/table\/rules\/misdeal\/exposedPositions/);
    const renamed = loadTableConfig(writeConfig(dir, '  rules:\n    name: bfp'));
    expect(() => loadTableProfile(renamed)).toThrow(/\/table\/rules\/name is chosen by table.profile/);
  });

  it('merges field by field: objects merge, a list replaces', () => {
    const dir = tempDir();
    const file = writeConfig(
      dir,
      '  profile: bfp\n  rules:\n    shotClock:\n      enabled: true\n    misdeal:\n      exposedPositions: [1]',
    );
    const { profile } = loadTableProfile(loadTableConfig(file));
    const bfp = loadProfiles().bfp!;
    expect(profile.shotClock).toEqual({ ...bfp.shotClock, enabled: true });
    expect(profile.misdeal).toEqual({ ...bfp.misdeal, exposedPositions: [1] });
    expect(profile.name).toBe('bfp');
  });
});

describe('setup is journaled with the resolved profile', () => {
  it('carries every rule value, and a replay of the journal ignores later changes to the profile file', () => {
    const venue = join(tempDir(), 'rules');
    mkdirSync(venue);
    const house = { ...JSON.parse(readFileSync(join(SHIPPED_RULES_DIR, 'tda.json'), 'utf8')), name: 'house' };
    delete house.$schema;
    writeFileSync(join(venue, 'house.json'), JSON.stringify(house));
    const dir = tempDir();
    const { rt } = startRuntime(dir, loadProfiles([SHIPPED_RULES_DIR, venue]));
    rt.submit({ type: 'command', name: 'setup', seats: 4, profile: 'house', rules: { shotClock: { enabled: true } } });
    seatFour(rt);
    rt.submit({ type: 'shuffle' });
    rt.submit({ type: 'panel', button: 'misdeal' });
    const inputs = journal(rt);
    const setup = inputs.find((i) => i.name === 'setup')!;
    expect(setup.rules).toEqual(rulesOfHouse(house));
    expect((setup.rules as Profile).shotClock.enabled).toBe(true);
    const file = join(tempDir(), 'journal.jsonl');
    writeFileSync(file, inputs.map((i) => JSON.stringify(i)).join('\n') + '\n');

    const replay = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/replay.ts', file, ...args], {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
      });
    const before = replay('--rules', venue);
    expect(before.status).toBe(0);
    expect(before.stdout).toContain('"table.ready"');
    expect(before.stdout).toContain('"hand.started"');
    // The venue edits its profile: a shot clock of 10 s, one position that is a misdeal, no time banks.
    writeFileSync(
      join(venue, 'house.json'),
      JSON.stringify({ ...house, shotClock: { ...house.shotClock, seconds: 10, timeBanks: 0 }, flopTooMany: 'redeal' }),
    );
    expect(replay('--rules', venue).stdout).toBe(before.stdout);
    // … or deletes it: the journal alone is enough.
    rmSync(join(venue, 'house.json'));
    expect(replay('--rules', venue).stdout).toBe(before.stdout);
    expect(replay().stdout).toBe(before.stdout);

    // A restart rebuilds the same rules from the journal, whatever the files say now.
    rt.close();
    open.splice(open.indexOf(rt), 1);
    const again = startRuntime(dir, loadProfiles());
    expect(again.rt.profile!()).toEqual(rt.profile!());
    expect(again.rt.profile!()?.shotClock).toEqual({ ...house.shotClock, enabled: true });
  }, 120_000);

  it('still replays an old journal whose setup names only a profile', () => {
    const dir = tempDir();
    const store = openStore({ dir });
    store.appendInput(100, JSON.stringify({ type: 'command', name: 'setup', seats: 6, profile: 'club', at: 100 }));
    store.appendInput(200, JSON.stringify({ type: 'command', name: 'seat-player', seat: 2, player: 'A', at: 200 }));
    store.close();
    const { rt } = startRuntime(dir, loadProfiles(), 300);
    expect(rt.snapshot()).toMatchObject({ seats: 6, profile: 'club' });
    expect(rt.profile!()).toEqual(loadProfiles().club);

    const file = join(tempDir(), 'old.jsonl');
    writeFileSync(file, `${JSON.stringify({ type: 'command', name: 'setup', seats: 6, profile: 'club', at: 0 })}\n`);
    const out = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/replay.ts', file], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(out.stdout.trim()).toBe(JSON.stringify({ type: 'table.ready', seats: 6, profile: 'club', seq: 1, at: 0 }));
  }, 90_000);
});

describe('the engine and a setup naming a profile it does not have', () => {
  it('plays a setup whose rules are a whole profile, and still refuses one with a few overrides', () => {
    const table = createTable({ profiles: {} });
    const whole = rulesOf(loadProfiles().robert!);
    expect(table.apply({ type: 'command', name: 'setup', seats: 3, profile: 'gone', rules: whole, at: 1 })).toEqual([
      { type: 'table.ready', seats: 3, profile: 'gone', seq: 1, at: 1 },
    ]);
    const partial = { ...whole, clock: { seconds: 10 } };
    delete (partial as Record<string, unknown>).flopTooMany;
    const refused = table.apply({ type: 'command', name: 'setup', seats: 3, profile: 'gone', rules: partial, at: 2 });
    expect(refused).toMatchObject([{ type: 'request.rejected', request: 'setup' }]);
    expect((refused[0] as { reason: string }).reason).toMatch(/^unknown-profile: gone/);
  });
});

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

function rulesOfHouse(house: Record<string, unknown>): Record<string, unknown> {
  const { name: _n, description: _d, ...rules } = house;
  return { ...rules, shotClock: { ...(rules.shotClock as object), enabled: true } };
}

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
