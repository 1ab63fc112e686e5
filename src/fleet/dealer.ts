// The virtual dealer of a room's table: the ordinary virtual dealer (src/sim) with chips tracked and clean play, but
// the players come from the room. Its own players, button and rebuys are left out; it sits a player down (the seat
// sensor) when the table seats one, and gets them up when they bust, are removed or move; it stops shuffling after
// `hands` hands.
import type { EngineEvent, Input } from '../domain/types.ts';
import { createVirtualTable } from '../sim/index.ts';
import type { FleetLevel } from './levels.ts';

export interface RoomDealerOptions {
  seed: number;
  seats: number;
  startAt: number;
  /** Stop shuffling after this many hands (null: play on). */
  hands: number | null;
  /** The table runs this level structure itself (tables that do not follow the room's clock). */
  levels: FleetLevel[] | null;
}

export interface RoomDealer {
  start(): Input[];
  react(events: readonly EngineEvent[]): Input[];
  /** Hands ended so far (misdeals included). */
  hands(): number;
  /** Players seated now. */
  players(): number;
  /** Players seated so far, those gone since included. */
  arrivals(): number;
  /** Whether a hand is under way. */
  playing(): boolean;
}

const SETTLE_MS = 2500;
const ROOM_COMMANDS = new Set(['seat-player', 'move-player', 'level-set']);
const LEAVES = new Set(['player.eliminated', 'player.removed', 'player.moved']);

export function createRoomDealer(options: RoomDealerOptions): RoomDealer {
  const inner = createVirtualTable({
    seed: options.seed,
    seats: options.seats,
    players: options.seats,
    profile: 'tda',
    irregularityRate: 0,
    startAt: options.startAt,
    chips: true,
    levels: false,
  });
  const seated = new Set<number>();
  let arrivals = 0;
  let hands = 0;
  let playing = false;
  // A shuffle held back while fewer than two players sit (the table would refuse it, again and again: a broken
  // table's stream would be nothing else); it goes in when the second player sits down.
  let parked: Input | null = null;
  const keep = (input: Input): boolean => {
    if (input.type === 'seat') return false; // the sensors follow the room's players (below)
    if (input.type === 'command' && (input.name === 'seat-player' || input.name === 'set-button')) return false;
    if (input.type === 'shuffle' && options.hands !== null && hands >= options.hands) return false;
    if (input.type === 'shuffle' && seated.size < 2) {
      parked = input;
      return false;
    }
    return true;
  };
  return {
    start() {
      const first = inner.start().filter(keep);
      const setup = first.findIndex((i) => i.type === 'command' && i.name === 'setup');
      if (options.levels && setup >= 0) {
        const at = first[setup]!.at + 1;
        first.splice(setup + 1, 0, { type: 'command', name: 'levels-start', levels: options.levels, at } as Input);
      }
      return first;
    },
    react(events) {
      const side: Input[] = [];
      for (const e of events) {
        if (e.type === 'hand.started') playing = true;
        if (e.type === 'hand.ended') {
          playing = false;
          hands += 1;
        }
        const seat = (e as { seat?: unknown }).seat;
        if (typeof seat !== 'number') continue;
        if (e.type === 'player.seated' && !seated.has(seat)) {
          seated.add(seat);
          arrivals += 1;
          side.push({ type: 'seat', seat, occupied: true, at: e.at + 5 });
        } else if (LEAVES.has(e.type) && seated.delete(seat)) {
          side.push({ type: 'seat', seat, occupied: false, at: e.at + 5 });
        }
      }
      // The table's refusal of one of the room's commands (a move-player for a player already out) answers nothing the
      // dealer asked: the virtual dealer takes any refusal as the answer to its input in flight, and would then play
      // its next one too early (actions with nobody on action, cards on a street already complete).
      const own = events.filter((e) => !(e.type === 'request.rejected' && ROOM_COMMANDS.has(e.request)));
      const next = inner.react(own).filter(keep);
      if (parked && seated.size >= 2 && events.length > 0) {
        // after the sensor's debounce, as the first shuffle waits
        next.push({ ...parked, at: Math.max(parked.at, events.at(-1)!.at + SETTLE_MS) });
        parked = null;
      }
      return [...side, ...next];
    },
    hands: () => hands,
    players: () => seated.size,
    arrivals: () => arrivals,
    playing: () => playing,
  };
}
