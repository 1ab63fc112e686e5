// `npm start -- --irregularities 0` is clean play, not a table without blinds going up: the level clock runs unless
// `--no-levels` asks it not to (the simulator used to start levels only when the rate was above 0 or chips were on).
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { startSimulatedTable } from '../../src/app/simulated.ts';
import { createVirtualTable } from '../../src/sim/index.ts';

async function eventTypes(extra: string[]): Promise<string[]> {
  const args = parseStartArgs([
    ...['--hands', '1', '--speed', '500', '--seed', '7', '--mqtt-port', '0', '--ws-port', '0', '--http-port', '0'],
    ...extra,
  ]);
  const out = new Writable({ write: (_chunk, _enc, done) => done() });
  const table = await startSimulatedTable(args, { createVirtualTable, logger: pino({ level: 'silent' }), out });
  await table.finished;
  const types = table.app.runtime.outbox.read(0, 100_000).map((e) => e.type);
  await table.stop();
  return types;
}

describe('the simulated table and its level clock', () => {
  it('runs levels with --irregularities 0', async () => {
    expect(await eventTypes(['--irregularities', '0'])).toContain('level.changed');
  });

  it('runs none with --no-levels', async () => {
    const types = await eventTypes(['--irregularities', '0', '--no-levels']);
    expect(types).toContain('hand.ended');
    expect(types).not.toContain('level.changed');
  });

  it('refuses --no-levels with --config (the config decides)', () => {
    expect(() => parseStartArgs(['--config', 't.yaml', '--no-levels'])).toThrow(
      '--no-levels is for the simulated table',
    );
  });
});
