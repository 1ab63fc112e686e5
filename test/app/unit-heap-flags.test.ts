// The unit runs Node with a small device's heap limit on any machine (docs/bench.md): V8 sizes its heap growth from
// the limit (1.3x between full GCs up to a 256 MB old space, 4x from 2 GB), so without it the same table is 20-40 MB
// bigger on a machine with more memory. Checked on the flags the unit actually passes.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(TEST_DIR, '..');
const MB = 1024 * 1024;

function unitNodeFlags(): string[] {
  const unit = readFileSync(join(root, 'systemd/pokertable.service'), 'utf8');
  const flags = /^ExecStart=.*\/node((?: --\S+)*) \S*dist\/src\/app\/main\.js/m.exec(unit)?.[1];
  if (flags === undefined) throw new Error('no ExecStart running dist/src/app/main.js');
  return flags.split(' ').filter(Boolean);
}

it("the unit's node flags give V8 a small device's heap limit: 256 MB of old space, a 1 MB young generation", () => {
  const r = spawnSync(
    process.execPath,
    [...unitNodeFlags(), '-p', "require('v8').getHeapStatistics().heap_size_limit"],
    {
      encoding: 'utf8',
    },
  );
  expect(r.status, r.stderr).toBe(0);
  // The old space plus the young generation (3 MB with 1 MB semi-spaces); Node's default here is several GB.
  expect(Number(r.stdout) / MB).toBeGreaterThanOrEqual(256);
  expect(Number(r.stdout) / MB).toBeLessThanOrEqual(260);
});

// --v8-pool-size=1: one V8 helper thread instead of Node's 4 (their stacks and malloc arenas: about 8 MB resident,
// docs/bench.md). Counted from /proc: the same script with Node's default pool has 3 threads more.
it("the unit's node flags run V8 with one helper thread", () => {
  const threads = (flags: string[]) => {
    const r = spawnSync(
      process.execPath,
      [...flags, '-p', "/^Threads:\\s+(\\d+)/m.exec(require('fs').readFileSync('/proc/self/status', 'utf8'))[1]"],
      { encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    return Number(r.stdout);
  };
  expect(unitNodeFlags()).toContain('--v8-pool-size=1');
  expect(threads(unitNodeFlags())).toBe(threads([]) - 3);
});
