// Hand histories on MQTT (docs/history.md): one record per hand on <base>/secure/history (every card read) for the
// production and secure roles and on <base>/history (public form) for everyone, after the hand's hand.ended, in
// order, equal to what `npm run history` writes from the journal; none lost across a bridge restart. A display,
// panel or floor account can never read secure/history: refused on the embedded broker, never delivered by a real
// mosquitto with the shipped ACL.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { HistoryFolder } from '../../src/history/folder.ts';
import type { OhhRecord } from '../../src/history/ohh-types.ts';
import { publicForm } from '../../src/history/public-form.ts';
import { startMqttBridge } from '../../src/mqtt/bridge.ts';
import type { TableRuntime } from '../../src/runtime/runtime.ts';
import { collect, mosquittoMissing, startMosquitto, type Received } from '../helpers/mosquitto.ts';
import { BASE as base, cleanupsAfterEach, embeddedMqtt, startRealTable } from '../helpers/mqtt-table.ts';
import { play } from '../helpers/random-play.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const cleanups = cleanupsAfterEach();
const accounts = [
  { username: 'panel', password: 'panel-pw', roles: ['panel' as const] },
  { username: 'floor', password: 'floor-pw', roles: ['floor' as const] },
  { username: 'production', password: 'prod-pw', roles: ['production' as const] },
  { username: 'surveillance', password: 'surv-pw', roles: ['secure' as const] },
];
const mqtt = embeddedMqtt(accounts);
const login = (username: string) => ({ username, password: accounts.find((a) => a.username === username)!.password });

/** The records the journal gives, as `npm run history` builds them. */
function fromJournal(runtime: TableRuntime): OhhRecord[] {
  const folder = new HistoryFolder({ tableId: 't1', epoch: runtime.epoch ?? null });
  return runtime.outbox.read(0, 1_000_000).flatMap((e) => {
    const r = folder.add(e);
    return r ? [r] : [];
  });
}

const on = (received: Received[], topic: string) =>
  received.filter((m) => m.topic === `${base}/${topic}`).map((m) => JSON.parse(m.payload) as OhhRecord);

async function handsEnded(runtime: TableRuntime): Promise<number> {
  return runtime.outbox.read(0, 1_000_000).filter((e) => e.type === 'hand.ended').length;
}

/** The SUBACK's codes: 1 granted at QoS 1, 128 refused (MQTT.js rejects a SUBACK with a refusal in it). */
async function subscribeAll(client: MqttClient, filters: string[]): Promise<number[]> {
  const answer = await client
    .subscribeAsync(filters, { qos: 1 })
    .then((granted) => ({ packet: { granted: granted.map((g) => g.qos) } }))
    .catch((e: { packet?: { granted?: number[] } }) => e);
  return answer.packet?.granted ?? [];
}

describe('hand histories on the embedded broker', () => {
  it('production and secure read secure/history; display, panel and floor are refused it; all read history', async () => {
    const { runtime, clock, url } = await startRealTable(cleanups, { logger, mqtt, dirPrefix: 'pt-mqtt-history-' });
    const display = await cleanups.client(url, {});
    const panel = await cleanups.client(url, login('panel'));
    const floor = await cleanups.client(url, login('floor'));
    const production = await cleanups.client(url, login('production'));
    const surveillance = await cleanups.client(url, login('surveillance'));
    const seen = { display: collect(display), panel: collect(panel), floor: collect(floor) };
    const prod = collect(production);
    const surv = collect(surveillance);
    for (const client of [display, panel, floor]) {
      // SUBACK 0x80 for each secure filter; the public ones are granted
      expect(
        await subscribeAll(client, [`${base}/secure/history`, `${base}/secure/#`, `${base}/secure/broadcast`]),
      ).toEqual([128, 128, 128]);
      expect(await subscribeAll(client, ['#', `${base}/history`])).toEqual([1, 1]);
    }
    expect(
      await subscribeAll(production, [`${base}/secure/history`, `${base}/history`, `${base}/secure/events`]),
    ).toEqual([1, 1, 128]);
    expect(await subscribeAll(surveillance, [`${base}/secure/history`])).toEqual([1]);

    await play(runtime, clock, 10, 31, 'holdem', true);
    const hands = await handsEnded(runtime);
    expect(hands).toBeGreaterThanOrEqual(10);
    await prod.until((m) => on(m, 'secure/history').length === hands, 'every secure record', 20_000);
    await prod.until((m) => on(m, 'history').length === hands, 'every public record', 20_000);
    await surv.until((m) => on(m, 'secure/history').length === hands, 'every secure record (secure role)', 20_000);
    for (const s of Object.values(seen))
      await s.until((m) => on(m, 'history').length === hands, 'the public records', 20_000);

    const journal = fromJournal(runtime);
    expect(on(prod.messages, 'secure/history')).toEqual(journal);
    expect(on(surv.messages, 'secure/history')).toEqual(journal);
    expect(on(prod.messages, 'history')).toEqual(journal.map(publicForm));
    for (const s of Object.values(seen)) {
      expect(on(s.messages, 'history')).toEqual(journal.map(publicForm));
      expect(s.messages.filter((m) => m.topic.includes('/secure/'))).toEqual([]);
    }
    // the secure records hold every hole card read, the public ones fewer (mucked and folded hands have none)
    const cards = (records: OhhRecord[]) => records.flatMap((r) => r.ohh.players.flatMap((p) => p.cards ?? [])).length;
    expect(cards(journal)).toBeGreaterThan(cards(journal.map(publicForm)));
    expect(cards(journal.map(publicForm))).toBeGreaterThan(0);
  });

  it('npm run history writes, from the journal of a running table, the records its bridge published', async () => {
    const { runtime, clock, url, dir, store } = await startRealTable(cleanups, {
      logger,
      mqtt,
      dirPrefix: 'pt-mqtt-history-',
    });
    const production = await cleanups.client(url, login('production'));
    const prod = collect(production);
    await production.subscribeAsync(`${base}/secure/history`, { qos: 1 });
    await play(runtime, clock, 6, 5, 'omaha', true);
    const hands = await handsEnded(runtime);
    await prod.until((m) => on(m, 'secure/history').length === hands, 'every secure record', 20_000);
    // the runtime writes an input's events to SQLite a turn after telling them (src/runtime/pending.ts), and
    // spawnSync holds this process's event loop: let the journal catch up with what was published first
    while (store.lastSeq() < runtime.outbox.lastSeq()) await new Promise((resolve) => setTimeout(resolve, 5));
    const cli = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/history.ts', '--state-dir', dir, '--table', 't1'],
      {
        encoding: 'utf8',
      },
    );
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    const written = cli.stdout
      .split('\n\n')
      .filter((t) => t.trim() !== '')
      .map((t) => JSON.parse(t) as OhhRecord);
    expect(written).toEqual(on(prod.messages, 'secure/history'));
    const stars = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli/history.ts',
        '--state-dir',
        dir,
        '--table',
        't1',
        '--format',
        'pokerstars',
        '--from',
        '2',
        '--to',
        '3',
      ],
      { encoding: 'utf8' },
    );
    expect(stars.status).toBe(0);
    expect(stars.stdout.match(/^PokerStars Hand #\d+:/gm)).toEqual(['PokerStars Hand #2:', 'PokerStars Hand #3:']);
  });

  it('a bridge restarted after hands played without it publishes their records, none twice', async () => {
    const { runtime, clock, url, broker, bridge } = await startRealTable(cleanups, {
      logger,
      mqtt,
      dirPrefix: 'pt-mqtt-history-',
    });
    const production = await cleanups.client(url, login('production'));
    const prod = collect(production);
    await production.subscribeAsync(`${base}/secure/history`, { qos: 1 });
    await play(runtime, clock, 3, 8, 'holdem', true);
    const first = await handsEnded(runtime);
    await prod.until((m) => on(m, 'secure/history').length === first, 'the first records', 20_000);
    // the table's bridge goes (startRealTable's cleanup closes it again: a second close does nothing)
    await bridge.close();
    await play(runtime, clock, 3, 9, 'holdem', true);
    const all = await handsEnded(runtime);
    expect(all).toBeGreaterThan(first);
    expect(on(prod.messages, 'secure/history')).toHaveLength(first);
    const again = startMqttBridge({
      runtime,
      logger,
      broker,
      now: () => clock.now(),
      config: { table: { id: 't1' }, mqtt },
    });
    cleanups.push(() => again.close());
    await prod.until(
      (m) => on(m, 'secure/history').length === all,
      'the records of the hands played meanwhile',
      20_000,
    );
    expect(on(prod.messages, 'secure/history')).toEqual(fromJournal(runtime));
  });
});

const missing = mosquittoMissing();
describe.skipIf(missing !== null)(
  `hand histories on mosquitto with the shipped ACL (${missing ?? 'real broker'})`,
  () => {
    it('display, panel and floor accounts never receive secure/history; production and surveillance do', async () => {
      const users = {
        'pokertable-controller': 'c',
        display: 'd',
        panel: 'p',
        floor: 'f',
        production: 'prod',
        surveillance: 'surv',
      };
      const broker = await startMosquitto({
        users,
        files: { 'pokertable.acl': readFileSync('config/mosquitto/pokertable.acl', 'utf8') },
        config: ['allow_anonymous false', 'password_file {dir}/passwd', 'acl_file {dir}/pokertable.acl'],
      });
      cleanups.push(() => broker.dispose());
      const { runtime, clock } = await startRealTable(cleanups, {
        logger,
        mqtt,
        dirPrefix: 'pt-mqtt-history-',
        connection: { kind: 'url', url: broker.url, username: 'pokertable-controller', password: 'c' },
      });
      const readers = Object.fromEntries(
        await Promise.all(
          (['display', 'panel', 'floor', 'production', 'surveillance'] as const).map(async (name) => {
            const client = await cleanups.client(broker.url, {
              username: name,
              password: users[name],
              protocolVersion: 5,
            });
            const got = collect(client);
            // a secure account's # reaches secure/history already (two filters would bring every record twice)
            const explicit = name === 'production' || name === 'surveillance' ? [] : [`${base}/secure/history`];
            await client.subscribeAsync(['#', ...explicit], { qos: 1 });
            return [name, got] as const;
          }),
        ),
      );
      await play(runtime, clock, 6, 12, 'holdem', true);
      const hands = await handsEnded(runtime);
      for (const name of ['production', 'surveillance'] as const) {
        await readers[name]!.until(
          (m) => on(m, 'secure/history').length === hands,
          `${name}: every secure record`,
          20_000,
        );
      }
      for (const name of ['display', 'panel', 'floor'] as const) {
        await readers[name]!.until((m) => on(m, 'history').length === hands, `${name}: every public record`, 20_000);
      }
      // everything the table published has arrived (its last event, on events): nothing secure came after
      const last = runtime.outbox.lastSeq();
      for (const name of ['display', 'panel', 'floor'] as const) {
        await readers[name]!.until(
          (m) => m.some((x) => x.topic === `${base}/events` && (JSON.parse(x.payload) as { seq: number }).seq === last),
          `${name}: the last event`,
          20_000,
        );
        expect(readers[name]!.messages.filter((m) => m.topic.includes('/secure/'))).toEqual([]);
      }
      expect(on(readers.production!.messages, 'secure/history')).toEqual(fromJournal(runtime));
      // production reads the records, never the live stream; surveillance reads both
      expect(readers.production!.messages.filter((m) => m.topic === `${base}/secure/events`)).toEqual([]);
      expect(readers.surveillance!.messages.some((m) => m.topic === `${base}/secure/events`)).toBe(true);
      expect(on(readers.display!.messages, 'history')).toEqual(fromJournal(runtime).map(publicForm));
    });
  },
);
