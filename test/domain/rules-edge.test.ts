// Rules resolved at the edge, once (issue 11, item 1): the config's `rules:` merged over the profile and validated at
// load; `setup` journaled with every rule value, so a replay needs no profile file.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDoctor } from '../../src/app/doctor/run.ts';
import { loadTableConfig } from '../../src/config/load.ts';
import { loadProfiles, SHIPPED_RULES_DIR } from '../../src/config/profiles.ts';
import { loadTableProfile } from '../../src/config/rules.ts';
import { TableError } from '../../src/domain/errors.ts';
import type { Profile } from '../../src/domain/profile/profile.ts';
import { rulesOf } from '../../src/domain/profile/resolve.ts';
import { createTable } from '../../src/domain/table.ts';
import { openStore } from '../../src/store/store.ts';
import { journal, open, root, seatFour, startRuntime, tempDir, writeConfig } from '../helpers/rules-edge.ts';

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
      { type: 'table.ready', seats: 3, profile: 'gone', at: 1 },
    ]);
    const partial = { ...whole, clock: { seconds: 10 } };
    delete (partial as Record<string, unknown>).flopTooMany;
    const refused = table.apply({ type: 'command', name: 'setup', seats: 3, profile: 'gone', rules: partial, at: 2 });
    expect(refused).toMatchObject([{ type: 'request.rejected', request: 'setup' }]);
    expect((refused[0] as { reason: string }).reason).toMatch(/^unknown-profile: gone/);
  });
});

function rulesOfHouse(house: Record<string, unknown>): Record<string, unknown> {
  const { name: _n, description: _d, ...rules } = house;
  return { ...rules, shotClock: { ...(rules.shotClock as object), enabled: true } };
}
