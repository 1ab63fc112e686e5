// Headless Chromium for the page tests (the board, the floor page), driven through playwright-core. Without it they
// are skipped, except on CI, where a missing Chromium is an error (scripts/setup-tests.sh installs it).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI) throw new Error(`chromium not found at ${CHROMIUM} (apt install chromium)`);
if (!haveChromium) console.warn(`page tests skipped: no chromium at ${CHROMIUM}`);

/** Where the page tests leave their screenshots (not in git). */
export const artifacts = join(import.meta.dirname, '..', '..', 'test-artifacts');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
