// What the room service publishes to a table's `cmd/<name>` (src/room/service/topics.ts), read by the table's own
// command parser (src/mqtt/commands.ts), from a real room engine's outputs. Only seat-player without chips for now:
// the table's parser does not know `chips` on seat-player, nor move-player and level-set, yet (docs/room.md).
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../src/mqtt/commands.ts';
import { outputMessage, roomTopics } from '../src/room/service/topics.ts';
import type { RoomConfig } from '../src/room/config/types.ts';
import { RoomHarness } from './helpers/room.ts';

const config = {
  room: { id: 'r1' },
  mqtt: { baseTopic: 'room', tableBaseTopic: 'pokertable' },
} as unknown as RoomConfig;

describe("the room's commands at a table", () => {
  it('seat-player: the topic of the drawn table, fields the table accepts, the id naming the room and seq', () => {
    const h = new RoomHarness({
      tables: [{ id: 'A', seats: 6 }],
      breakOrder: [],
      profile: 'tda',
      seed: 5,
    });
    const sends = h.of('send', h.register('Anna'));
    expect(sends).toHaveLength(1);
    const m = outputMessage(roomTopics(config), 'r1', sends[0]!)!;
    expect(m.topic).toMatch(/^pokertable\/A\/cmd\/seat-player$/);
    const parsed = parseCommand('seat-player', JSON.parse(m.payload));
    expect(parsed).toMatchObject({ ok: true, value: { id: `room-r1-${sends[0]!.seq}` } });
    expect(parsed.ok && parsed.value.input).toMatchObject({ name: 'seat-player', player: 'Anna' });
  });
});
