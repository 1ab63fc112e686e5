// The fleet's room dealer (src/fleet/dealer.ts) against the real engine: players come only from seat-player (the
// room's), they sit down and get up with the seat sensor, and a refusal of one of the room's commands in the middle of
// a hand (a move-player for a seat already empty) does not make the dealer play its next input out of turn.
import { describe, expect, it } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { createTable } from '../../src/domain/table.ts';
import type { EngineEvent, Input } from '../../src/domain/types.ts';
import { createRoomDealer } from '../../src/fleet/dealer.ts';
import { fleetLevels } from '../../src/fleet/levels.ts';

const profiles = loadProfiles();

function play(seed: number, hands: number, interfere: boolean) {
  const table = createTable({ profiles });
  const dealer = createRoomDealer({ seed, seats: 9, startAt: 0, hands, levels: fleetLevels(2) });
  const queue: Input[] = [];
  const enqueue = (inputs: readonly Input[]) => {
    for (const x of inputs) {
      let i = queue.length;
      while (i > 0 && queue[i - 1]!.at > x.at) i--;
      queue.splice(i, 0, x);
    }
  };
  enqueue(dealer.start());
  for (let seat = 1; seat <= 5; seat++)
    enqueue([{ type: 'command', name: 'seat-player', seat, player: `P${seat}`, chips: 10_000, at: 100 + seat }]);
  const events: EngineEvent[] = [];
  for (let n = 0; n < 50_000 && dealer.hands() < hands; n++) {
    const deadline = table.nextDeadline();
    const next = queue[0];
    if (deadline === null && next === undefined) break;
    const input: Input =
      deadline !== null && (next === undefined || deadline <= next.at)
        ? { type: 'tick', at: deadline }
        : queue.shift()!;
    const out = table.apply(input);
    events.push(...out);
    enqueue(dealer.react(out));
    // the room, behind the table: a move-player for seat 9, where nobody sits, each time someone is on action
    if (interfere && out.some((e) => e.type === 'action.on'))
      enqueue([{ type: 'command', name: 'move-player', seat: 9, at: input.at + 1 }]);
  }
  return { events, hands: dealer.hands(), dealer };
}

describe('the room dealer', () => {
  it('counts the players who came, those gone since too: a table not yet reached by the draw is not one emptied', () => {
    const fresh = createRoomDealer({ seed: 1, seats: 9, startAt: 0, hands: 1, levels: fleetLevels(2) });
    expect([fresh.arrivals(), fresh.players()]).toEqual([0, 0]); // the fleet's `done` waits for its players
    const { dealer, events } = play(3, 40, false);
    const out = events.filter((e) => e.type === 'player.eliminated').length;
    expect(out).toBeGreaterThan(0);
    expect(dealer.arrivals()).toBe(5);
    expect(dealer.players()).toBe(5 - out);
  });

  it('plays with the players the room seats: sensors follow them, no refusal of its own', () => {
    const { events, hands } = play(3, 5, false);
    expect(hands).toBe(5);
    expect(events.filter((e) => e.type === 'seat.occupied').map((e) => (e as { seat: number }).seat)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(events.filter((e) => e.type === 'request.rejected')).toEqual([]);
  });

  it("a refused room command mid-hand is not taken for the answer to the dealer's own input", () => {
    for (const seed of [1, 2, 3]) {
      const { events, hands } = play(seed, 5, true);
      expect(hands).toBe(5);
      const refused = events.filter((e) => e.type === 'request.rejected') as { request: string }[];
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.filter((e) => e.request !== 'move-player')).toEqual([]);
    }
  });
});
