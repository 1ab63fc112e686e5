// The one rule for MQTT 5 response topics (src/mqtt/requests.ts `replyTopicAllowed`), as the table and the room use it.
import { describe, expect, it } from 'vitest';
import { replyTopicAllowed } from '../../src/mqtt/requests.ts';

describe('replyTopicAllowed', () => {
  const table = (t: string) => replyTopicAllowed(t, ['pokertable/t1'], 'pokertable/t1/cmd/reply/');
  const room = (t: string) => replyTopicAllowed(t, ['pokertable', 'room/r1'], 'room/r1/cmd/reply/');

  it("the table: a requester's own topic or the table's reply prefix, never its other topics", () => {
    expect(table('panel/7/answers')).toBe(true);
    expect(table('pokertable/t1/cmd/reply/panel-7')).toBe(true);
    expect(table('pokertable/t1/events')).toBe(false);
    expect(table('pokertable/t1/cmd/seat-player')).toBe(false);
    expect(table('pokertable/t2/events')).toBe(true); // another table's tree is not this controller's to guard
  });

  it("the room: never a table's topic nor the room's own, except the room's reply prefix", () => {
    expect(room('floor/ann/answers')).toBe(true);
    expect(room('room/r1/cmd/reply/floor-1')).toBe(true);
    expect(room('room/r1/state')).toBe(false);
    expect(room('pokertable/t1/cmd/move-player')).toBe(false);
  });

  it('no wildcard, no $ topic, no NUL, not empty', () => {
    for (const bad of ['', 'a/#', 'a/+/b', '$SYS/x', 'a\u0000b']) {
      expect(table(bad)).toBe(false);
      expect(room(bad)).toBe(false);
    }
  });
});
