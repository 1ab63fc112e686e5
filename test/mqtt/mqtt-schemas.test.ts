// The MQTT edge checks command and input bodies against the contract's schemas (schemas/*.schema.json) before they
// reach the runtime: on the embedded broker with the real runtime, engine and SQLite journal, a body the schema
// refuses is answered with the schema's words and leaves nothing in the journal or on the event stream.
import pino from 'pino';
import { expect, it } from 'vitest';
import { collect } from '../helpers/mosquitto.ts';
import { BASE as base, cleanupsAfterEach, embeddedMqtt, startRealTable } from '../helpers/mqtt-table.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const cleanups = cleanupsAfterEach();
const mqtt = embeddedMqtt([{ username: 'floor', password: 'f', roles: ['floor'] }]);

it('refuses schema-invalid commands and inputs at the edge: answered, not journaled, no event', async () => {
  const { runtime, url } = await startRealTable(cleanups, { logger, mqtt, dirPrefix: 'pokertable-schemas-' });
  const floor = await cleanups.client(url, { username: 'floor', password: 'f' });
  const seen = collect(floor);
  await floor.subscribeAsync([`${base}/cmd/result`, `${base}/events`], { qos: 1 });
  const answers = () =>
    seen.messages
      .filter((m) => m.topic.endsWith('/cmd/result'))
      .map((m) => JSON.parse(m.payload) as Record<string, unknown>);
  const events = () =>
    seen.messages.filter((m) => m.topic.endsWith('/events')).map((m) => JSON.parse(m.payload) as { type: string });
  const command = (name: string, body: object) =>
    floor.publishAsync(`${base}/cmd/${name}`, JSON.stringify(body), { qos: 1 });

  await command('setup', { id: 'setup', seats: 6, profile: 'tda' });
  // Shapes the edge's own parser lets through and only the engine (or now the schema) refuses:
  await command('levels-start', {
    id: 'colour',
    levels: [{ smallBlind: 100, bigBlind: 200, minutes: 20, color: 'red' }],
  });
  await command('penalty', { id: 'rounds', seat: 1, rounds: 500 });
  await command('levels-start', { id: 'long', levels: [{ smallBlind: 100, bigBlind: 200, minutes: 2000 }] });
  await floor.publishAsync(`${base}/input`, JSON.stringify({ type: 'panel', button: 'dance' }), { qos: 1 });
  await floor.publishAsync(`${base}/input`, JSON.stringify({ type: 'timebank', seat: 12 }), { qos: 1 });
  await floor.publishAsync(`${base}/input`, JSON.stringify({ type: 'panel', button: 'fold' }), { qos: 1 }); // valid
  await command('seat-player', { id: 'ann', seat: 1, player: 'Ann' });
  await seen.until(() => answers().length === 5 && events().some((e) => e.type === 'player.seated'), 'the answers');

  const byId = new Map(answers().map((a) => [a.id, a]));
  expect(byId.get('setup')).toMatchObject({ ok: true });
  expect(byId.get('ann')).toMatchObject({ ok: true });
  expect(byId.get('colour')).toMatchObject({
    ok: false,
    error: expect.stringMatching(/unknown field "color"/),
  });
  expect(byId.get('rounds')).toMatchObject({
    ok: false,
    error: expect.stringMatching(/rounds must be a whole number from 1 to 100/),
  });
  expect(byId.get('long')).toMatchObject({
    ok: false,
    error: expect.stringMatching(/minutes must be more than 0 and at most 1440/),
  });
  // Only what the schema takes reached the runtime: the valid fold (refused by the rules: no hand) and two commands.
  const stored = runtime.outbox.read(0, 100).map((e) => e.type);
  expect(stored).toEqual(['table.ready', 'request.rejected', 'player.seated']);
  expect(events().map((e) => e.type)).toEqual(stored);
});
