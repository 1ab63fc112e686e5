// The web server's pages and their files: every script a page loads is served (a missing one would leave a blank
// board), /floor is the floor page, and /config.json carries the saved structures the floor page lists.
import { TEST_DIR } from '../helpers/paths.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBoardServer, type BoardServer } from '../../src/app/http.ts';
import { loadStructures } from '../../src/config/structures.ts';
import { FEED_SIZE, FEED_TYPES } from '../../src/mqtt/feed.ts';
import { pageHtml } from '../../src/web/serve.ts';
import { GAME_NAMES } from '../../src/domain/games/index.ts';

const web = join(TEST_DIR, '../src/web/table');
let server: BoardServer;
beforeAll(async () => {
  server = await startBoardServer({
    host: '127.0.0.1',
    port: 0,
    now: () => 1_800_000_000_000,
    speed: 1,
    logger: pino({ level: 'silent' }),
    page: {
      tableId: 't1',
      base: 'pokertable/t1',
      mqtt: { url: null, port: 8083, path: '' },
      structures: loadStructures(),
    },
  });
});
afterAll(() => server?.close());

const get = (path: string) => fetch(new URL(path, server.url), { redirect: 'manual' });

describe('web pages', () => {
  it.each(['index.html', 'floor.html', 'broadcast.html'])('serves every local file %s refers to', async (page) => {
    const html = pageHtml(join(web, page));
    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(2);
    for (const ref of refs) {
      const res = await get(`/${ref}`);
      expect(res.status, ref).toBe(200);
    }
  });

  it('serves the floor page at /floor, and /floor/ sends there', async () => {
    const page = await get('/floor');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('floor.js');
    const slash = await get('/floor/');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/floor');
  });

  it('serves the broadcast overlay at /broadcast, and /broadcast/ sends there', async () => {
    const page = await get('/broadcast');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('broadcast.js');
    const slash = await get('/broadcast/');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/broadcast');
  });

  it('lists the saved structures in /config.json', async () => {
    const config = (await (await get('/config.json')).json()) as { structures: { name: string; title: string }[] };
    expect(config.structures.map((s) => s.name)).toEqual(expect.arrayContaining(['daily', 'turbo']));
    expect(config.structures[0]).toHaveProperty('levels');
  });

  it('gives the floor page the engine’s games in /config.json: each one’s own structure, which bring in', async () => {
    const config = (await (await get('/config.json')).json()) as { games: { name: string; betting: string }[] };
    expect(config.games.map((g) => g.name)).toEqual([...GAME_NAMES]);
    expect(config.games).toContainEqual({ name: 'razz', betting: 'limit', bringIn: true });
    expect(config.games).toContainEqual({ name: 'omaha', betting: 'pot-limit', bringIn: false });
    // and the structures, with which ones need a level's fixed bets (R-BET-LIMIT): the page keeps no list of its own
    const { bettings } = (await (await get('/config.json')).json()) as { bettings: unknown[] };
    expect(bettings).toEqual([
      { name: 'no-limit', fixedBets: false },
      { name: 'pot-limit', fixedBets: false },
      { name: 'limit', fixedBets: true },
    ]);
  });

  it('gives the board the table’s feed list and length in /config.json, and the board keeps no copy', async () => {
    const config = (await (await get('/config.json')).json()) as { feedTypes: string[]; feedSize: number };
    expect(config.feedTypes).toEqual([...FEED_TYPES]);
    expect(config.feedTypes).toContain('irregularity');
    expect(config.feedSize).toBe(FEED_SIZE);
    // board-feed.js words each type (a `case` per type); no other page script holds the whole list.
    const scripts = ['kit', 'table', 'room'].flatMap((dir) =>
      readdirSync(join(web, '..', dir)).map((f) => join(web, '..', dir, f)),
    );
    for (const file of scripts.filter((f) => f.endsWith('.js') && !f.endsWith('/board-feed.js'))) {
      const text = readFileSync(file, 'utf8');
      expect(
        [...FEED_TYPES].filter((t) => !text.includes(`'${t}'`)),
        file,
      ).not.toEqual([]);
    }
  });
});
