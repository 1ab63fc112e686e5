// The addresses the table prints (src/app/table-board.ts): a wildcard listen address is shown as one a person can
// open, and without an embedded broker the external broker's own URL is shown.
import { describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { simulatedConfig } from '../../src/app/simulated.ts';
import { tableUrls } from '../../src/app/table-board.ts';
import type { EmbeddedBroker } from '../../src/mqtt/index.ts';

const broker = (host: string, wsPort: number | null) => ({ host, port: 1883, wsPort }) as EmbeddedBroker;
const board = { port: 8080, url: 'http://127.0.0.1:8080/', close: () => Promise.resolve() };

describe('the table urls', () => {
  it('a broker listening on every address is shown on localhost; the floor page beside the board', () => {
    const config = simulatedConfig(parseStartArgs([]), '/tmp/unused');
    expect(tableUrls(config, broker('0.0.0.0', 8083), board)).toEqual({
      mqtt: 'mqtt://localhost:1883',
      ws: 'ws://localhost:8083',
      board: 'http://127.0.0.1:8080/',
      floor: 'http://127.0.0.1:8080/floor',
    });
    expect(tableUrls(config, broker('::', null), null)).toEqual({
      mqtt: 'mqtt://localhost:1883',
      ws: null,
      board: null,
      floor: null,
    });
  });

  it('no embedded broker: the external one is shown as configured', () => {
    const config = simulatedConfig(parseStartArgs(['--broker', 'mqtts://room.example:8883']), '/tmp/unused');
    expect(tableUrls(config, null, null).mqtt).toBe('mqtts://room.example:8883');
  });
});
