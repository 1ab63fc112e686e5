// The room's answers to its commands on a real mosquitto, through the one answering edge the table uses
// (src/mqtt/requests.ts publishAnswer with replyTopicAllowed): over MQTT 5 a safe response topic gets the answer with
// its correlation data; one in a table's tree or the room's own gets nothing there, the answer going to
// `room/<id>/cmd/result` instead.
import { afterEach, describe, expect, it } from 'vitest';
import { collect, connectClient, mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { startRoomOn } from '../helpers/room-mqtt.ts';

const missing = mosquittoMissing();
const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const json = (s: string) => JSON.parse(s) as Record<string, unknown>;

describe.skipIf(missing !== null)(`room answers and response topics (${missing ?? 'real broker'})`, () => {
  it('a safe response topic gets the answer; a table topic or a room topic gets none, cmd/result does', async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.dispose());
    const service = startRoomOn(broker.url, {
      mqttOptions: { protocolVersion: 5, properties: { sessionExpiryInterval: 3600 } },
    });
    cleanups.push(() => service.close());
    await service.whenConnected();
    const floor = await connectClient(broker.url, { clientId: 'floor', protocolVersion: 5 });
    cleanups.push(() => floor.endAsync(true));
    const seen = collect(floor);
    await floor.subscribeAsync(['floor/answers', 'pokertable/A/cmd/#', 'room/r1/#'], { qos: 1 });
    const ask = (id: string, responseTopic: string) =>
      floor.publishAsync('room/r1/cmd/register', JSON.stringify({ id, player: `P-${id}` }), {
        qos: 1,
        properties: { responseTopic, correlationData: Buffer.from(id) },
      });
    // the requests themselves come back on room/r1/#: only answers count
    const answered = (id: string) =>
      seen.messages.filter((m) => m.topic !== 'room/r1/cmd/register' && m.payload.includes(`"id":"${id}"`));

    await ask('safe', 'floor/answers');
    await ask('table', 'pokertable/A/cmd/move-player');
    await ask('room', 'room/r1/state');
    await seen.until(() => ['safe', 'table', 'room'].every((id) => answered(id).length > 0), 'the three answers');
    await new Promise((r) => setTimeout(r, 300)); // anything late on a refused topic would have come by now

    expect(answered('safe').map((m) => m.topic)).toEqual(['floor/answers']);
    expect(json(answered('safe')[0]!.payload)).toEqual({ id: 'safe', ok: true });
    expect(Buffer.from(answered('safe')[0]!.properties!.correlationData as Buffer).toString()).toBe('safe');
    for (const id of ['table', 'room']) {
      expect(answered(id).map((m) => m.topic)).toEqual(['room/r1/cmd/result']);
      expect(json(answered(id)[0]!.payload)).toEqual({ id, ok: true });
    }
    expect(seen.messages.filter((m) => m.topic === 'pokertable/A/cmd/move-player')).toEqual([]);
  });
});
