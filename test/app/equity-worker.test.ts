// The equity worker (src/app/equity-pool.ts): a real worker_threads thread computes what equityOf does, answers
// requests in order with their ids, refuses a bad spot without stopping, and leaves the caller's event loop free.
import { afterAll, describe, expect, it } from 'vitest';
import { workerEquity } from '../../src/app/equity-pool.ts';
import { equityOf, type EquitySpot } from '../../src/domain/equity/equity.ts';

const service = workerEquity();
afterAll(() => service.close());

const preflop: EquitySpot = {
  game: 'holdem',
  holes: [
    ['As', 'Ah'],
    ['Kd', 'Kc'],
    ['7s', '8s'],
    ['2c', '2d'],
    ['Jh', 'Th'],
    ['9c', '9d'],
    ['Ad', 'Qc'],
    ['3h', '4h'],
    ['Ks', 'Qs'],
  ],
  board: [],
};

describe('the equity worker', () => {
  it('answers each spot as equityOf does, in order, and a refused spot with its reason', async () => {
    const flop: EquitySpot = {
      game: 'omaha',
      holes: [
        ['As', 'Ks', 'Qd', 'Jd'],
        ['Qh', 'Qs', '2d', '3d'],
      ],
      board: ['2s', '7s', '9d'],
    };
    const bad: EquitySpot = { game: 'holdem', holes: [['As', 'Ks']], board: ['As'] };
    const [a, b, c] = await Promise.allSettled([service.compute(preflop), service.compute(bad), service.compute(flop)]);
    expect(a).toEqual({ status: 'fulfilled', value: equityOf(preflop) });
    expect(b.status).toBe('rejected');
    expect((b as PromiseRejectedResult).reason.message).toMatch(/appears twice/);
    expect(c).toEqual({ status: 'fulfilled', value: equityOf(flop) });
  }, 60_000);

  it("a 9-way pre-flop enumeration does not hold up the caller's timers", async () => {
    await service.compute(preflop); // warm
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const result = await service.compute(preflop);
    clearInterval(timer);
    expect(result.boards).toBe(278_256);
    // the caller's loop ran while the worker counted 278,256 boards (a blocked loop would tick at most once)
    expect(ticks).toBeGreaterThan(1);
  }, 60_000);

  it('a worker that dies fails the spots it held, and the next spot gets a new one', async () => {
    const dying = workerEquity(new URL('../helpers/dying-equity-worker.ts', import.meta.url));
    try {
      const flop: EquitySpot = {
        game: 'holdem',
        holes: [
          ['Kd', 'Kc'],
          ['7s', '8s'],
        ],
        board: ['2s', '7c', '9s'],
      };
      expect(await dying.compute(flop)).toEqual(equityOf(flop));
      await expect(dying.compute(preflop)).rejects.toThrow('the equity worker stopped (exit 3)');
      expect(await dying.compute(flop)).toEqual(equityOf(flop));
    } finally {
      await dying.close();
    }
    await expect(dying.compute(preflop)).rejects.toThrow('closed');
  }, 60_000);
});
