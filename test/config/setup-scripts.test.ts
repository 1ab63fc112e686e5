// scripts/setup.sh and scripts/setup-tests.sh with fake dpkg, apt-get, sudo, systemctl and npm on the PATH (each
// logs its arguments): the table's set-up installs only what the table needs and never touches a service; the
// tests' set-up stops a mosquitto only when it has just installed it itself.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(TEST_DIR, '..');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A copy of the scripts in a fake repository, with fake system commands; `installed` are the packages dpkg knows. */
function fakeRepo(installed: string[]): { dir: string; run(script: string, ...args: string[]): string } {
  const dir = mkdtempSync(join(tmpdir(), 'pt-setup-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'scripts'));
  mkdirSync(join(dir, 'test/helpers'), { recursive: true });
  mkdirSync(join(dir, 'bin'));
  mkdirSync(join(dir, 'systemd-run'));
  for (const f of ['setup.sh', 'setup-tests.sh', 'apt-install.sh'])
    copyFileSync(join(root, 'scripts', f), join(dir, 'scripts', f));
  writeFileSync(join(dir, 'test/helpers/fetch-firmata.sh'), 'echo "fetch-firmata" >> "$LOG"\n');
  writeFileSync(join(dir, 'installed'), installed.join('\n') + '\n');
  const fake = (name: string, body: string) => {
    writeFileSync(join(dir, 'bin', name), `#!/bin/sh\necho "${name} $*" >> "$LOG"\n${body}\n`);
    chmodSync(join(dir, 'bin', name), 0o755);
  };
  fake('dpkg', 'grep -qx "$2" "$INSTALLED"');
  fake('apt-get', '');
  fake('sudo', 'exec "$@"');
  fake('systemctl', '');
  fake('npm', '');
  fake('id', 'echo 0');
  return {
    dir,
    run(script, ...args) {
      const log = join(dir, 'log');
      writeFileSync(log, '');
      const r = spawnSync('bash', [join(dir, 'scripts', script), ...args], {
        cwd: dir,
        encoding: 'utf8',
        env: {
          PATH: `${join(dir, 'bin')}:/usr/bin:/bin`,
          LOG: log,
          INSTALLED: join(dir, 'installed'),
          SETUP_SYSTEMD_RUN_DIR: join(dir, 'systemd-run'),
        },
      });
      expect(r.status, r.stderr).toBe(0);
      return readFileSync(log, 'utf8');
    },
  };
}

const installLine = (log: string) =>
  log.split('\n').find((l) => l.startsWith('apt-get') && l.includes(' install ')) ?? '';

describe('set-up scripts', () => {
  it('setup.sh installs what the table needs, runs npm ci, and touches no service', () => {
    const log = fakeRepo([]).run('setup.sh');
    const install = installLine(log);
    for (const p of ['python3', 'make', 'g++', 'libpcsclite-dev', 'pcscd', 'mosquitto-clients'])
      expect(install).toContain(` ${p}`);
    for (const p of ['vsmartcard-vpcd', ' mosquitto ', 'socat', 'chromium']) expect(`${install} `).not.toContain(p);
    expect(log).toContain('npm ci --no-audit --no-fund');
    expect(log).not.toContain('systemctl');
    expect(log).not.toContain('fetch-firmata');
    expect(fakeRepo([]).run('setup.sh', '--omit-dev')).toContain('npm ci --omit=dev');
  });

  it('setup.sh (and so setup-tests.sh) leaves node_modules alone when it matches package-lock.json', () => {
    const repo = fakeRepo([]);
    writeFileSync(join(repo.dir, 'package-lock.json'), '{}');
    mkdirSync(join(repo.dir, 'node_modules'));
    const installed = join(repo.dir, 'node_modules/.package-lock.json');
    writeFileSync(installed, '{}');
    utimesSync(join(repo.dir, 'package-lock.json'), new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(repo.run('setup-tests.sh')).not.toContain('npm ci');
    expect(repo.run('setup.sh', '--reinstall')).toContain('npm ci --no-audit --no-fund');
    // A pull that changed the lock file: the modules are stale, npm ci runs.
    utimesSync(installed, new Date(2019, 0, 1), new Date(2019, 0, 1));
    expect(repo.run('setup.sh')).toContain('npm ci --no-audit --no-fund');
  });

  it('setup-tests.sh adds the test stacks and stops only a mosquitto it installed itself', () => {
    const fresh = fakeRepo([]).run('setup-tests.sh');
    expect(fresh).toMatch(/apt-get .*install .*vsmartcard-vpcd mosquitto socat chromium/);
    expect(fresh).toContain('systemctl disable --now mosquitto');
    expect(fresh).toContain('fetch-firmata');
    // A venue's mosquitto, there before: left running.
    const venue = fakeRepo(['mosquitto']).run('setup-tests.sh');
    expect(venue).not.toContain('systemctl');
  });
});
