// The pages' scripts stay small and split by concern (design.md: files of a few hundred lines at most), and each one
// in src/app/web is loaded by a page: a file left out of index.html or floor.html would be dead code in the build.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const web = join(import.meta.dirname, '../src/app/web');
const scripts = readdirSync(web).filter((f) => f.endsWith('.js'));

describe('the pages’ scripts', () => {
  it.each(scripts)('%s is under 300 lines', (file) => {
    const lines = readFileSync(join(web, file), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThan(300);
  });

  it('each is loaded by a page', () => {
    const html = readdirSync(web).filter((f) => f.endsWith('.html'));
    const pages = html.map((p) => readFileSync(join(web, p), 'utf8')).join('\n');
    const loaded = [...pages.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.filter((f) => !loaded.includes(f))).toEqual([]);
  });
});
