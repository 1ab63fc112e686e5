// `npm run fleet` on a real mosquitto run with config/mosquitto/fleet.conf: 4 tables and the room service in child
// processes, a few hands each; the last line has the contract's format and nothing was lost or out of order.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFleetArgs } from '../../src/cli/fleet-args.ts';
import { checkPlaces } from '../../src/fleet/run.ts';
import { createLedger } from '../../src/fleet/watch.ts';
import { mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { cleanupsAfterEach } from '../helpers/mqtt-table.ts';

const missing = mosquittoMissing();
const cleanups = cleanupsAfterEach();

/** The fleet broker's settings, without its own listener and logging (the test broker has its own). */
function fleetLines(): string[] {
  return readFileSync(new URL('../../config/mosquitto/fleet.conf', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#') && !/^(listener|log_)/.test(l));
}

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/fleet.ts', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(missing !== null)(`npm run fleet (${missing ?? 'real mosquitto'})`, () => {
  it('4 tables, 3 hands each: the last line, 0 lost, 0 out of order', { timeout: 300_000 }, async () => {
    const broker = await startMosquitto({ config: fleetLines() });
    cleanups.push(() => broker.dispose());
    const { code, stdout, stderr } = await run(['--tables', '4', '--broker', broker.url, '--hands', '3']);
    const lines = stdout.trim().split('\n');
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    expect(lines.at(-1)).toMatch(/^fleet: 4 tables, \d+ events, lost 0, out of order 0, p99 \d+ ms$/);
    const events = Number(/, (\d+) events,/.exec(lines.at(-1)!)![1]);
    expect(events).toBeGreaterThan(4 * 3 * 20); // a hand publishes dozens of events
    expect(lines).toContainEqual(
      expect.stringMatching(/^fleet: stopped after 3 hands per table \(\d+ of 32 players out\)$/),
    );
    // the room drew a seat for each of the 32 players
    expect(lines).toContainEqual(expect.stringMatching(/^fleet: moves: draw 32(, |$)/));
  });

  it(
    '--game horse: 4 tables of 8 seats deal the five games of the rotation, 0 lost',
    { timeout: 300_000 },
    async () => {
      const broker = await startMosquitto({ config: fleetLines() });
      cleanups.push(() => broker.dispose());
      const args = ['--tables', '4', '--broker', broker.url, '--hands', '6', '--game', 'horse', '--level-minutes', '1'];
      const { code, stdout, stderr } = await run(args);
      const lines = stdout.trim().split('\n');
      expect(code, `${stdout}\n${stderr}`).toBe(0);
      expect(lines.at(-1)).toMatch(/^fleet: 4 tables, \d+ events, lost 0, out of order 0, p99 \d+ ms$/);
      // R-GAME-MIXED through the room: each level's game reaches the tables in level-set, stud with its bring-in
      const dealt = lines.find((l) => l.startsWith('fleet: hands dealt by game (--game horse): '))!;
      for (const game of ['holdem', 'omaha-hilo', 'razz', 'stud', 'stud-hilo'])
        expect(dealt, stdout).toMatch(new RegExp(`(: |, )${game} \\d+`));
      expect(lines).toContainEqual(expect.stringMatching(/^fleet: moves: draw 28(, |$)/)); // 7 a table of 8 seats
    },
  );

  it('--money: 8 tables with re-entries and rebuys to a winner, the books balanced', { timeout: 300_000 }, async () => {
    const broker = await startMosquitto({ config: fleetLines() });
    cleanups.push(() => broker.dispose());
    const args = ['--tables', '8', '--broker', broker.url, '--speed', '100', '--level-minutes', '10', '--money'];
    const { code, stdout, stderr } = await run(args);
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    const books = stdout.split('\n').find((l) => l.startsWith('fleet: winner '))!;
    expect(books).toMatch(/; \d+ entries \(\d+ re-entries\), \d+ rebuys; .*: the books balance$/);
    const [, entries, reEntries, rebuys] = /; (\d+) entries \((\d+) re-entries\), (\d+) rebuys/
      .exec(books)!
      .map(Number);
    expect(entries).toBe(64 + reEntries!);
    expect(reEntries).toBeGreaterThan(0);
    expect(rebuys).toBeGreaterThan(0);
  });
});

describe('the fleet verdict', () => {
  it('a seq never received is lost; one after a higher one is out of order; a second copy is a duplicate', () => {
    const ledger = createLedger();
    for (const seq of [1, 2, 4, 3, 3, 6]) ledger.record('t1', seq, 1000 + seq * 10);
    // t1 published 1..7 (seq n at 1000 + n: each took 9n ms), 5 secure-only: 7 never came
    const emitted = Float64Array.from({ length: 8 }, (_, n) => 1000 + n);
    const v = ledger.verdict([{ table: 't1', last: 7, hidden: [5], emitted }]);
    expect(v).toEqual({ events: 6, lost: 1, outOfOrder: 1, duplicates: 1, p99: 54 });
    // a table nobody heard from: everything it published is lost
    expect(ledger.verdict([{ table: 't2', last: 3, hidden: [] }]).lost).toBe(3);
  });

  it('places: blocks of players out at the same time tile 1..entries; ties share the better place', () => {
    // [place, time] pairs
    const at = (...pairs: [number, number][]) => pairs.map(([place, t], i) => ({ player: `P${i}`, place, at: t }));
    expect(checkPlaces(at([4, 1], [3, 2], [2, 3], [1, 3]), 4)).toEqual({ shared: 0 });
    expect(checkPlaces(at([3, 1], [3, 1], [2, 2], [1, 2]), 4)).toEqual({ shared: 1 }); // two out together, tied: 3rd
    // three out together: two tie (different tables) at 2, the third (smaller stack than one of them) 3rd
    expect(checkPlaces(at([2, 5], [2, 5], [3, 5], [1, 5]), 4)).toEqual({ shared: 1 });
    expect(checkPlaces(at([4, 1], [2, 2], [2, 2], [1, 3]), 4)).toEqual({ shared: 1 }); // 2nd and 2nd: no 3rd
    expect(checkPlaces(at([4, 1], [2, 2], [1, 3], [1, 4]), 4)).toEqual({ wrong: 'place 2 not given' });
    expect(checkPlaces(at([4, 1], [3, 2], [1, 3]), 4)).toEqual({ wrong: '3 places for 4 entries' });
    expect(checkPlaces(at([4, 1], [2, 1], [3, 2], [1, 3]), 4)).toEqual({
      wrong: 'place 4 given to one of 2 out together from 2',
    });
    const twice = [...at([2, 1], [1, 2]), { player: 'P0', place: 3, at: 0 }];
    expect(checkPlaces(twice, 3)).toEqual({ wrong: '1 players placed twice' });
  });

  it('flags: --tables and --broker are needed; the defaults', () => {
    expect(parseFleetArgs(['--broker', 'mqtt://x'])).toEqual({ error: 'how many tables? give --tables N' });
    expect(parseFleetArgs(['--tables', '500', '--broker', 'mqtt://x'])).toMatchObject({
      tables: 500,
      hands: null,
      seats: 9,
      perTable: 8,
      workers: 4,
      money: false,
    });
    expect(parseFleetArgs(['--tables', '100', '--broker', 'mqtt://x', '--money'])).toMatchObject({ money: true });
    // a stud game deals 8 at most (R-STUD-DEAL): 8 seats by default, 9 refused
    expect(parseFleetArgs(['--tables', '4', '--broker', 'mqtt://x', '--game', 'horse'])).toMatchObject({
      game: 'horse',
      seats: 8,
      perTable: 7,
    });
    expect(parseFleetArgs(['--tables', '4', '--broker', 'mqtt://x', '--game', 'razz', '--seats', '9'])).toEqual({
      error: '--game razz deals 8 players at most: give --seats 8 or fewer',
    });
    expect(parseFleetArgs(['--tables', '4', '--broker', 'mqtt://x', '--game', 'hose'])).toEqual({
      error: '--game needs one of holdem, omaha, omaha-hilo, stud, stud-hilo, razz, horse, got "hose"',
    });
  });
});
