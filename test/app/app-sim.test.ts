// The simulated table in-process: real engine, journal, embedded broker, simulated shoe and board, scaled clock, with
// a small check-down dealer standing in for src/sim, so the composition root is tested on its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { startSimulatedTable } from '../../src/app/simulated.ts';
import { createVirtualTable, type VirtualTableOptions } from '../../src/sim/index.ts';
import type { VirtualTable } from '../../src/app/simulation.ts';
import type { Input, TableEvent } from '../../src/domain/types.ts';

const CARDS = 'AKQJT98765432'.split('').flatMap((r) => 'shdc'.split('').map((s) => `${r}${s}`));

/** Seats everyone, starts levels, then plays every hand by calling and checking down to a showdown. */
function checkDownDealer(options: VirtualTableOptions): VirtualTable {
  let deck: string[] = [];
  let bigBlind: number | null = null;
  let streetsDealt = 0;
  let at = options.startAt;
  const later = (input: Record<string, unknown>, after = 200): Input => {
    at = Math.max(at, Date.now() * 0) + after; // virtual time only: each input after the previous one
    return { ...input, at } as Input;
  };
  const deal = (n: number) => Array.from({ length: n }, () => later({ type: 'card', card: deck.shift() }, 150));
  return {
    start() {
      const inputs: Input[] = [
        later({ type: 'command', name: 'setup', seats: options.seats, profile: options.profile }),
      ];
      for (let seat = 1; seat <= options.players; seat++) {
        inputs.push(later({ type: 'command', name: 'seat-player', seat, player: `P${seat}` }, 10));
        inputs.push(later({ type: 'seat', seat, occupied: true }, 10));
      }
      inputs.push(later({ type: 'command', name: 'set-button', seat: 1 }, 3000));
      inputs.push(
        later(
          {
            type: 'command',
            name: 'levels-start',
            levels: [{ smallBlind: 100, bigBlind: 200, ante: 25, minutes: 20 }],
          },
          10,
        ),
      );
      inputs.push(later({ type: 'shuffle' }, 500));
      return inputs;
    },
    react(events: readonly TableEvent[]) {
      at = Math.max(at, ...events.map((e) => e.at));
      const out: Input[] = [];
      const last = events[events.length - 1];
      for (const e of events) {
        if (e.type === 'hand.started') {
          deck = [...CARDS].sort(
            (a, b) =>
              ((a.charCodeAt(0) * 31 + a.charCodeAt(1) * (e.hand ?? 1)) % 53) -
              ((b.charCodeAt(0) * 31 + b.charCodeAt(1) * (e.hand ?? 1)) % 53),
          );
          bigBlind = e.bigBlind;
          streetsDealt = 0;
          out.push(...deal(e.dealtIn.length * 2));
        }
        if (e.type === 'action.on') {
          out.push(
            later({ type: 'panel', button: e.street === 'preflop' && e.seat !== bigBlind ? 'call' : 'check' }, 300),
          );
        }
        if (e.type === 'hand.ended') out.push(later({ type: 'shuffle' }, 2000));
      }
      // A betting round closed (an action with nobody next): burn and turn the next street.
      if (last?.type === 'action' && streetsDealt < 3) {
        out.push(...deal(streetsDealt === 0 ? 4 : 2));
        streetsDealt++;
      }
      return out;
    },
  };
}

const sink = () => {
  let text = '';
  const out = new Writable({
    write(chunk, _enc, cb) {
      text += String(chunk);
      cb();
    },
  });
  return { out, text: () => text };
};

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('simulated table (in-process)', () => {
  it('plays --hands 2 through the simulated devices, publishes on MQTT, and goes offline on stop', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'pokertable-app-'));
    dirs.push(stateDir);
    const argv = (hands: number) => [
      '--hands',
      String(hands),
      '--speed',
      '20',
      '--seats',
      '4',
      '--mqtt-port',
      '18851',
      '--ws-port',
      '18852',
      '--http-port',
      '18853',
      '--state-dir',
      stateDir,
      '--seed',
      '7',
    ];
    const args = parseStartArgs(argv(2));
    const subscriber = await mqtt
      .connectAsync('mqtt://127.0.0.1:18851', { protocolVersion: 4, reconnectPeriod: 100 })
      .catch(() => null);
    expect(subscriber).toBeNull(); // nothing listens before the table starts

    const terminal = sink();
    const table = await startSimulatedTable(args, {
      createVirtualTable: checkDownDealer,
      logger: pino({ level: 'silent' }),
      out: terminal.out,
    });
    const client = await mqtt.connectAsync('mqtt://127.0.0.1:18851', { protocolVersion: 4 });
    const seen: TableEvent[] = [];
    const statuses: string[] = [];
    const devices = new Map<string, unknown>();
    client.on('message', (topic, payload) => {
      if (topic.includes('/devices/')) devices.set(topic.split('/').at(-1) ?? '', JSON.parse(payload.toString()));
      if (topic.endsWith('/events')) seen.push(JSON.parse(payload.toString()) as TableEvent);
      if (topic.endsWith('/status')) statuses.push(payload.toString());
    });
    await client.subscribeAsync(['pokertable/sim/events', 'pokertable/sim/status', 'pokertable/sim/devices/+'], {
      qos: 1,
    });

    await table.finished;
    const types = seen.map((e) => e.type);
    expect(types).toContain('hand.started');
    expect(types).toContain('showdown');
    // Cards came through the simulated shoe and the enrolled simulated deck, and stay secret on the public topic.
    const hole = seen.find((e) => e.type === 'card.dealt' && e.to === 'seat');
    expect(hole).toMatchObject({ card: null });
    expect(seen.filter((e) => e.type === 'hand.ended').length).toBeGreaterThanOrEqual(1);
    // Both simulated devices reported themselves through the runtime (before any subscriber could connect: the
    // outbox has them).
    const early = table.app.runtime.outbox.read(0, 50).map((e) => (e.type === 'device.online' ? e.device : e.type));
    expect(early).toEqual(expect.arrayContaining(['shoe', 'board']));
    expect(types[0]).toBe('table.ready');
    if (devices.size > 0) expect(devices.get('shoe')).toMatchObject({ online: true });

    await table.stop();
    await expect.poll(() => statuses.at(-1)).toBe('offline');
    await client.endAsync();
    expect(terminal.text()).toContain('display board  http://127.0.0.1:18853/');
    expect(terminal.text()).toMatch(/hands played 2/);

    // The journal stays in --state-dir, and a new start plays on from it (src/sim resumes a recovered table).
    const lastSeq = table.app.runtime.outbox.lastSeq();
    const again = await startSimulatedTable(parseStartArgs(argv(1)), {
      createVirtualTable,
      logger: pino({ level: 'silent' }),
      out: sink().out,
    });
    await again.finished;
    const after = again.app.runtime.outbox.read(0, 100_000);
    await again.stop();
    expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i + 1));
    expect(after.length).toBeGreaterThan(lastSeq);
    expect(after.filter((e) => e.type === 'table.ready')).toHaveLength(1);
    expect(after.filter((e) => e.type === 'hand.started').length).toBe(3);
  });
});
