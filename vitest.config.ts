import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import SpreadPcscFiles from './test/config/sequencer.ts';

// Test files run three at a time (docs/testing.md). They share nothing fixed: mosquitto, the table's ports, Chromium's
// profile and the journals are taken fresh per file (free ports, temporary folders). The one exception is this
// machine's pcscd and its virtual readers: the files that drive them (they import test/helpers/pcscd.ts or
// test/helpers/vpcd.ts) form the project "pcsc", and test/helpers/pcscd.ts lets one file at a time hold pcscd.
// Those files mostly wait on pcscd's polling, so the third worker costs the CPU-bound files little.
const PCSC_HELPER = /from '(\.\.?\/)+helpers\/(pcscd|vpcd)\.ts'/;
const WORKERS = 3;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const pcscFiles = testFiles('test').filter((file) => PCSC_HELPER.test(readFileSync(file, 'utf8')));
const shared = { testTimeout: 30_000, hookTimeout: 60_000, maxWorkers: WORKERS };

export default defineConfig({
  test: {
    sequence: { sequencer: SpreadPcscFiles },
    projects: [
      { test: { ...shared, name: 'main', include: ['test/**/*.test.ts'], exclude: pcscFiles } },
      { test: { ...shared, name: 'pcsc', include: pcscFiles } },
    ],
  },
});
