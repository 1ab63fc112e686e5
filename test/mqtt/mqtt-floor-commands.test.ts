// A floor command over MQTT on the real stack (embedded broker, bridge, runtime, SQLite journal): its event reaches
// the event stream and the retained topics change at once, with no other input to carry them along.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { collect, type Received } from '../helpers/mosquitto.ts';
import { BASE as base, cleanupsAfterEach, embeddedMqtt, startRealTable } from '../helpers/mqtt-table.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const cleanups = cleanupsAfterEach();
const mqtt = embeddedMqtt([{ username: 'floor', password: 'f', roles: ['floor'] }]);

const MIN = 60_000;
const levels = [
  { smallBlind: 100, bigBlind: 200, minutes: 20 },
  { smallBlind: 200, bigBlind: 400, ante: 50, minutes: 20 },
];

async function floorTable() {
  const { runtime, clock, url } = await startRealTable(cleanups, { logger, mqtt, dirPrefix: 'pt-floor-cmd-' });
  const connect = (options = {}) => cleanups.client(url, options);
  const floor = await connect({ username: 'floor', password: 'f' });
  const display = await connect();
  const answers = collect(floor);
  const seen = collect(display);
  await floor.subscribeAsync(`${base}/cmd/result`, { qos: 1 });
  await display.subscribeAsync([`${base}/events`, `${base}/clock`, `${base}/state`], { qos: 1 });
  let n = 0;
  /** Sends a command as the floor would and waits for its answer; returns it. */
  const command = async (name: string, body: Record<string, unknown> = {}) => {
    const id = `c${++n}`;
    await floor.publishAsync(`${base}/cmd/${name}`, JSON.stringify({ id, ...body }), { qos: 1 });
    await answers.until((m) => m.some((x) => JSON.parse(x.payload).id === id), `the answer to ${name}`);
    return JSON.parse(answers.messages.find((x) => JSON.parse(x.payload).id === id)!.payload) as Record<
      string,
      unknown
    >;
  };
  return { runtime, clock, seen, command, connect };
}

const last = (m: Received[], topic: string) => {
  const found = m.filter((x) => x.topic === `${base}/${topic}`).at(-1);
  return found ? (JSON.parse(found.payload) as Record<string, unknown>) : undefined;
};
const eventTypes = (m: Received[]) =>
  m.filter((x) => x.topic === `${base}/events`).map((x) => (JSON.parse(x.payload) as { type: string }).type);

describe('floor commands reach every topic at once (embedded broker, real runtime)', () => {
  it('levels-pause, levels-resume and levels-adjust: the event stream and the retained clock', async () => {
    const { seen, command, clock, connect } = await floorTable();
    expect(await command('setup', { seats: 6, profile: 'tda' })).toMatchObject({ ok: true });
    expect(await command('levels-start', { levels })).toMatchObject({ ok: true });
    await seen.until((m) => last(m, 'clock')?.level === 1, 'the running clock');
    clock.advance(5 * MIN);

    expect(await command('levels-pause')).toMatchObject({ ok: true });
    await seen.until((m) => eventTypes(m).includes('levels.paused'), 'levels.paused on events');
    await seen.until((m) => last(m, 'clock')?.paused === true, 'the retained clock paused');
    expect(last(seen.messages, 'clock')).toMatchObject({ paused: true, endsAt: null, remainingMs: 15 * MIN });
    expect(last(seen.messages, 'state')).toMatchObject({ level: { paused: true } });
    // A board that opens now reads the pause from the retained topic.
    const late = await connect();
    const lateSeen = collect(late);
    await late.subscribeAsync(`${base}/clock`, { qos: 1 });
    await lateSeen.until((m) => last(m, 'clock')?.paused === true, 'the late board sees PAUSED');

    expect(await command('levels-adjust', { minutes: 2 })).toMatchObject({ ok: true });
    await seen.until((m) => last(m, 'clock')?.remainingMs === 17 * MIN, 'the added minutes on the clock');
    expect(eventTypes(seen.messages)).toContain('level.adjusted');

    clock.advance(MIN);
    expect(await command('levels-resume')).toMatchObject({ ok: true });
    await seen.until((m) => last(m, 'clock')?.paused === false, 'the retained clock running');
    expect(last(seen.messages, 'clock')).toMatchObject({ endsAt: clock.now() + 17 * MIN });
    expect(eventTypes(seen.messages)).toContain('levels.resumed');

    expect(await command('levels-adjust', { step: 1 })).toMatchObject({ ok: true });
    await seen.until((m) => last(m, 'clock')?.level === 2, 'the next level on the clock');
  });

  it('a refused command is answered with a stable code and a sentence for the floor', async () => {
    const { command } = await floorTable();
    await command('setup', { seats: 6, profile: 'tda' });
    expect(await command('remove-player', { seat: 4 })).toEqual({
      id: expect.any(String),
      ok: false,
      command: 'remove-player',
      error: 'seat-empty',
      code: 'seat-empty',
      message: 'Seat 4 is empty',
    });
    expect(await command('levels-pause')).toMatchObject({
      ok: false,
      code: 'no-levels',
      message: 'No blind levels are running: start a structure first',
    });
    expect(await command('levels-start', { levels: [{ smallBlind: 400, bigBlind: 200, minutes: 20 }] })).toMatchObject({
      ok: false,
      code: 'invalid-value',
      message: expect.stringMatching(/the small blind \(400\) is larger than the big blind \(200\)/),
    });
    expect(await command('seat-player', { seat: '3', player: 'Ann' })).toMatchObject({
      ok: false,
      code: 'invalid-value',
      message: 'seat-player: seat must be a seat number from 1 to 10',
    });
    expect(await command('seat-player', { seat: 3, player: 'Ann', colour: 'red' })).toMatchObject({
      ok: false,
      code: 'bad-request',
      message: 'unknown field "colour" for seat-player (fields: seat, player, chips)',
    });
  });

  it('set-button, seat-player, remove-player and penalty each put their event on the stream', async () => {
    const { seen, command } = await floorTable();
    await command('setup', { seats: 6, profile: 'tda' });
    for (const [name, body, type] of [
      ['seat-player', { seat: 2, player: 'Ann' }, 'player.seated'],
      ['set-button', { seat: 2 }, 'button.set'],
      ['penalty', { seat: 2, hands: 3 }, 'penalty.started'],
      ['remove-player', { seat: 2 }, 'player.removed'],
    ] as const) {
      expect(await command(name, body)).toMatchObject({ ok: true });
      await seen.until((m) => eventTypes(m).includes(type), `${type} after ${name}`);
    }
  });
});
