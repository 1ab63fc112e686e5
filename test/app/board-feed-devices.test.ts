// A table starting brings its devices online one after another (shoe, antennas, board, display): the board's floor
// feed shows them as one line, so they do not push the floor's events out of sight (src/web/table/board-feed.js).
import { describe, expect, it } from 'vitest';
import '../../src/web/table/board-feed.js';

interface Item {
  event: Record<string, unknown>;
  shownAt: number;
}
interface Group extends Item {
  items: Item[];
}
const { feedGroups, groupLine } = (
  globalThis as unknown as {
    BoardFeed: { feedGroups: (items: Item[]) => Group[]; groupLine: (g: Group, f: unknown) => string[] };
  }
).BoardFeed;
const f = { money: (n: number) => String(n), clockText: (ms: number) => `${ms}ms`, moveOf: () => null };
const online = (seq: number, device: string): Item => ({
  event: { seq, type: 'device.online', device, detail: 'simulated' },
  shownAt: seq,
});

describe('device lines in the floor feed', () => {
  it('devices coming online together are one summary line, in the order they came', () => {
    // Newest first, as the feed holds them.
    const items = [
      { event: { seq: 9, type: 'clock.called', seat: 2, by: 'floor' }, shownAt: 9 },
      online(4, 'display'),
      online(3, 'board'),
      online(2, 'antennas'),
      online(1, 'shoe'),
    ];
    const lines = feedGroups(items).map((g) => groupLine(g, f));
    expect(lines).toEqual([
      ['clock', 'Clock on seat 2', 'called by floor'],
      ['level', '4 devices online', 'shoe, antennas, board, display'],
    ]);
  });

  it('a device back on its own, or an offline one, keeps its own line', () => {
    const items = [
      online(7, 'shoe'),
      { event: { seq: 6, type: 'device.offline', device: 'shoe', detail: 'pcscd gone' }, shownAt: 6 },
      online(5, 'board'),
    ];
    const lines = feedGroups(items).map((g) => groupLine(g, f));
    expect(lines).toEqual([
      ['level', 'Device shoe online', 'simulated'],
      ['violation', 'Device shoe offline', 'pcscd gone'],
      ['level', 'Device board online', 'simulated'],
    ]);
  });
});
