// The command line and the scaled clock, with injected wall time.
import { describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { scaledClock } from '../../src/app/clock.ts';
import { TableError } from '../../src/domain/errors.ts';

describe('npm start flags', () => {
  it('defaults to a simulated table at real speed', () => {
    const a = parseStartArgs([]);
    expect(a).toMatchObject({
      config: null,
      hands: null,
      speed: 1,
      irregularities: 0.15,
      seats: 9,
      stateDir: null,
      httpPort: null,
      chips: false,
    });
    expect(Number.isInteger(a.seed)).toBe(true);
  });

  it('--chips: the simulated table tracks chips; not with --config', () => {
    expect(parseStartArgs(['--chips']).chips).toBe(true);
    expect(() => parseStartArgs(['--config', 'config/table.yaml', '--chips'])).toThrow(/--chips is for the simulated/);
  });

  it('reads every flag', () => {
    const a = parseStartArgs([
      '--hands',
      '5',
      '--speed',
      '12.5',
      '--seed',
      '42',
      '--irregularities',
      '0.3',
      '--mqtt-port',
      '18890',
      '--ws-port',
      '18891',
      '--http-port',
      '0',
      '--state-dir',
      'var/sim',
      '--seats',
      '6',
      '--log-level',
      'info',
      '--log-file',
      'x.log',
    ]);
    expect(a).toMatchObject({
      hands: 5,
      speed: 12.5,
      seed: 42,
      irregularities: 0.3,
      mqttPort: 18890,
      wsPort: 18891,
      httpPort: 0,
      stateDir: 'var/sim',
      seats: 6,
      logLevel: 'info',
      logFile: 'x.log',
    });
  });

  it.each([
    [['--hands', '0'], '--hands must be a whole number'],
    [['--hands', '2.5'], '--hands must be a whole number'],
    [['--speed=-1'], '--speed must be a number'],
    [['--speed', 'fast'], '--speed must be a number'],
    [['--irregularities', '1.5'], '--irregularities must be a number from 0 to 1'],
    [['--mqtt-port', '70000'], '--mqtt-port must be a whole number from 0 to 65535'],
    [['--log-level', 'loud'], '--log-level must be'],
    [['--bogus'], "Unknown option '--bogus'"],
    [['--config', 'table.yaml', '--hands', '3'], '--hands is for the simulated table'],
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseStartArgs(argv)).toThrow(TableError);
    expect(() => parseStartArgs(argv)).toThrow(message);
  });
});

describe('scaledClock', () => {
  it('runs virtual time X times faster than real (monotonic) time', () => {
    let mono = 1000;
    const clock = scaledClock(10, { mono: () => mono, start: 5_000_000 });
    expect(clock.now()).toBe(5_000_000);
    mono += 250;
    expect(clock.now()).toBe(5_002_500);
  });

  it('fires a timer at its virtual deadline, never before', async () => {
    const clock = scaledClock(50);
    const at = clock.now() + 2_000; // 40 ms of wall time
    const firedAt = await new Promise<number>((resolve) => clock.setTimer(at, () => resolve(clock.now())));
    expect(firedAt).toBeGreaterThanOrEqual(at);
  });

  it('can be cancelled, and refuses a speed that is not positive', async () => {
    const clock = scaledClock(100);
    let fired = false;
    const cancel = clock.setTimer(clock.now() + 500, () => (fired = true));
    cancel();
    await new Promise((r) => setTimeout(r, 30));
    expect(fired).toBe(false);
    expect(() => scaledClock(0)).toThrow(RangeError);
  });
});
