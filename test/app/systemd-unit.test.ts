// The unit file as systemd reads it: `systemd-analyze verify` parses every directive and names any it would ignore
// (an unknown key, a value it cannot parse), which systemd itself only logs at boot while the table silently runs
// without it. Skipped where systemd's tools are not installed.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(TEST_DIR, '..');
const unit = join(root, 'systemd/pokertable.service');
const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
const hasSystemd = analyze.status === 0;

describe.skipIf(!hasSystemd)('systemd/pokertable.service', () => {
  it('has no directive systemd would ignore', () => {
    const r = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' });
    expect(r.stderr.trim()).toBe('');
    expect(r.status).toBe(0);
  });

  it('does not restart a table whose config cannot work (main.ts exits 78 on CONFIG_INVALID)', () => {
    const text = readFileSync(unit, 'utf8');
    expect(text).toMatch(/^RestartPreventExitStatus=78$/m);
    const main = readFileSync(join(root, 'src/app/main.ts'), 'utf8');
    expect(main).toMatch(/const EXIT_CONFIG = 78;/);
  });
});
