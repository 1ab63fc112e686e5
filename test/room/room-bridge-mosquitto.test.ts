// A room on two bridged mosquittos (docs/scaling.md): the room service and table A on broker A; a real table (t1:
// runtime, journal, MQTT bridge) on broker B, which runs config/mosquitto/room-bridge.conf towards A. The room draws
// the players over both tables, seats one at t1 across the bridge, and sees t1's events and state through it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { externalConnection } from '../../src/mqtt/connection.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { loadRoomConfig } from '../../src/room/config/load.ts';
import { loadRoomProfiles } from '../../src/room/config/profiles.ts';
import { startRoomService } from '../../src/room/service/service.ts';
import { collect, connectClient, mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { cleanupsAfterEach, embeddedMqtt, startRealTable } from '../helpers/mqtt-table.ts';
import { MqttTable, waitFor } from '../helpers/room-mqtt.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const missing = mosquittoMissing();
const cleanups = cleanupsAfterEach();

/** The example bridge's lines, pointed at broker A on its test port. */
function bridgeLines(portA: number): string[] {
  return readFileSync(new URL('../../config/mosquitto/room-bridge.conf', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => (l.startsWith('address ') ? `address 127.0.0.1:${portA}` : l));
}

describe.skipIf(missing !== null)(`a room on two bridged mosquittos (${missing ?? 'real brokers'})`, () => {
  it('the room on broker A seats a player at a table on broker B and follows its events', async () => {
    const a = await startMosquitto();
    cleanups.push(() => a.dispose());
    const b = await startMosquitto({ config: ['allow_anonymous true', ...bridgeLines(a.port)] });
    cleanups.push(() => b.dispose());
    const onB = await cleanups.client(b.url, { clientId: 'observer-b' });
    const seenB = collect(onB);
    await onB.subscribeAsync(['bridges/room-a/state', 'room/r1/moves'], { qos: 1 });
    await seenB.until((m) => m.some((x) => x.topic === 'bridges/room-a/state' && x.payload === '1'), 'the bridge up');

    // t1: a real table on broker B, set up with chips tracked
    const { runtime } = await startRealTable(cleanups, {
      logger,
      mqtt: embeddedMqtt(),
      dirPrefix: 'pt-room-bridge-',
      connection: externalConnection({ url: b.url, rejectUnauthorized: true }),
    });
    runtime.submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda', rules: { chips: { mode: 'tracked' } } });
    const tableA = await MqttTable.start(a.url, 'A', 6);
    cleanups.push(() => tableA.close());
    tableA.online();

    const dir = cleanups.tempDir('pt-room-bridge-room-');
    const file = join(dir, 'room.yaml');
    writeFileSync(
      file,
      [
        'room: { id: r1, profile: tda, startingStack: 1000 }',
        'tables: [{ id: A, seats: 6 }, { id: t1, seats: 6 }]',
        'breakOrder: [A]',
        `mqtt: { url: "${a.url}", baseTopic: room, tableBaseTopic: pokertable }`,
        'storage: { dir: journal }',
        'log: { level: warn }',
        '',
      ].join('\n'),
    );
    const service = startRoomService({
      config: loadRoomConfig(file),
      profiles: loadRoomProfiles(),
      logger,
      clock: fakeClock(1_000_000),
      seed: 5,
    });
    cleanups.push(() => service.close());
    await service.whenConnected();
    // t1's retained status crossed the bridge: the room counts it online
    await waitFor(() => service.room.snapshot().tables.some((t) => t.id === 't1' && t.online), 't1 online at the room');

    const floor = await connectClient(a.url, { clientId: 'floor' });
    cleanups.push(() => void floor.end(true));
    const answers = collect(floor);
    await floor.subscribeAsync('room/r1/cmd/result', { qos: 1 });
    for (const player of ['Anna', 'Ben'])
      floor.publish('room/r1/cmd/register', JSON.stringify({ id: player, player }), { qos: 1 });
    await answers.until((m) => m.length === 2, 'two answers');
    expect(answers.messages.map((m) => JSON.parse(m.payload) as unknown)).toEqual([
      { id: 'Anna', ok: true },
      { id: 'Ben', ok: true },
    ]);

    // One player each (the second goes to the table with fewer): the one drawn for t1 is seated there by the table
    await waitFor(() => runtime.snapshot().seatInfo.some((s) => s.player !== null), 'a player seated at t1');
    const atT1 = runtime.snapshot().seatInfo.find((s) => s.player !== null)!;
    expect(atT1.stack).toBe(1000);
    // the room's picture has the seat from its own seat-player at once; t1's player.seated must come back across the
    // bridge, into the room's journal
    type Journaled = { table?: string; event?: { type: string; player?: string; seat?: number } };
    const seatedAtT1 = () =>
      (service.journal.inputs() as Journaled[]).find((i) => i.table === 't1' && i.event?.type === 'player.seated');
    await waitFor(() => seatedAtT1() !== undefined, "t1's player.seated at the room");
    expect(seatedAtT1()!.event).toMatchObject({ player: atT1.player, seat: atT1.seat, chips: 1000 });
    // and B's side sees the room's moves
    await seenB.until(
      (m) => m.some((x) => x.topic === 'room/r1/moves' && x.payload.includes(atT1.player!)),
      'the move on B',
    );
  });
});
