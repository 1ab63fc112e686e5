// The room's programs from the build (dist/), with plain node: the room profiles and the room config's schema are
// found from dist/. Runs only with POKERTABLE_TEST_DIST=1 (set by .ci/run after building), as test/docs/dist.test.ts.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(TEST_DIR, '..');
const enabled = process.env.POKERTABLE_TEST_DIST === '1';

describe.skipIf(!enabled)('the room from dist/', () => {
  it('room-replay: the golden replay, byte for byte (room profiles from dist/config/room-rules)', () => {
    const fixture = join(root, 'test/fixtures/room/room-tda-balance');
    const r = spawnSync(process.execPath, [join(root, 'dist/src/cli/room-replay.js'), `${fixture}.jsonl`], {
      cwd: tmpdir(),
    });
    expect(r.stderr.toString()).toBe('');
    expect(r.stdout.toString()).toBe(readFileSync(`${fixture}.expected.jsonl`, 'utf8'));
  });

  it('room: a config mistake is named from dist/config/room.schema.json', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'room-dist-')), 'room.yaml');
    writeFileSync(file, 'room: { id: r1 }\ntables: [{ id: A, seatss: 6 }]\nbreakOrder: []\n');
    const r = spawnSync(process.execPath, [join(root, 'dist/src/cli/room.js'), '--config', file], { cwd: tmpdir() });
    expect(r.status).toBe(1);
    expect(r.stderr.toString()).toMatch(/\/tables\/0\/seatss is not a known field/);
  });
});
