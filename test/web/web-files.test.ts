// The pages' scripts stay small and split by concern (design.md: files of a few hundred lines at most), and each one
// in src/web is loaded by a page: a file left out of every page would be dead code in the build. A kit file
// (src/web/kit) is loaded by a table page and a room page alike, or it is no kit file.
import { TEST_DIR } from '../helpers/paths.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageHtml } from '../../src/web/serve.ts';

const web = join(TEST_DIR, '../src/web');
const folders = ['kit', 'table', 'room'];
const scripts = folders.flatMap((dir) =>
  readdirSync(join(web, dir))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `${dir}/${f}`),
);
const name = (path: string) => path.slice(path.indexOf('/') + 1);

function loadedBy(dir: string): string[] {
  const html = readdirSync(join(web, dir)).filter((f) => f.endsWith('.html'));
  const pages = html.map((p) => pageHtml(join(web, dir, p))).join('\n');
  return [...pages.matchAll(/<(?:script src|link rel="stylesheet" href)="([^"]+)"/g)].map((m) => m[1]!);
}

describe('the pages’ scripts', () => {
  it.each(scripts)('%s is under 300 lines', (file) => {
    const lines = readFileSync(join(web, file), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThan(300);
  });

  it('each is loaded by a page', () => {
    const loaded = [...loadedBy('table'), ...loadedBy('room')];
    expect(scripts.filter((f) => !loaded.includes(name(f)))).toEqual([]);
  });

  it("each kit file is loaded by the table's pages and the room's", () => {
    const kit = readdirSync(join(web, 'kit')).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
    expect(kit.filter((f) => !loadedBy('table').includes(f))).toEqual([]);
    expect(kit.filter((f) => !loadedBy('room').includes(f))).toEqual([]);
  });

  it("each of the kit's HTML pieces is in a table page and a room page, and no page is left with a marker", () => {
    const pieces = readdirSync(join(web, 'kit')).filter((f) => f.endsWith('.html'));
    const marked = (dir: string) =>
      readdirSync(join(web, dir))
        .filter((f) => f.endsWith('.html'))
        .map((f) => readFileSync(join(web, dir, f), 'utf8'))
        .join('\n');
    for (const piece of pieces) {
      const marker = `<!-- kit: ${piece.slice(0, -'.html'.length)} -->`;
      expect(marked('table'), piece).toContain(marker);
      expect(marked('room'), piece).toContain(marker);
    }
    for (const dir of ['table', 'room'])
      for (const page of readdirSync(join(web, dir)).filter((f) => f.endsWith('.html')))
        expect(pageHtml(join(web, dir, page)), page).not.toContain('<!-- kit:');
  });

  it('a page names each file once, and no name stands in two folders (the pages load them by name alone)', () => {
    const names = folders.flatMap((dir) => readdirSync(join(web, dir)));
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });
});
