// Room tests: the room engine with the shipped room profiles, and fake tables that answer the room's commands the
// way protocol.md says a table does (seat-player → player.seated; move-player → player.moved at the end of the hand
// under way; hands that start, bust players and end; a `state` after each change). Injected, no module mocks.
import { loadRoomProfiles } from '../../src/room/config/profiles.ts';
import { createRoom, type Room } from '../../src/room/engine/engine.ts';
import type { RoomOutput, TableCommand } from '../../src/room/engine/types.ts';

export const roomProfiles = loadRoomProfiles();

export function newRoom(): Room {
  return createRoom({ profiles: roomProfiles });
}

type Event = Record<string, unknown> & { type: string };

export class FakeTable {
  players: (string | null)[];
  stacks: (number | null)[];
  button: number | null = null;
  bigBlind: number | null = null;
  seq = 0;
  inHand = false;
  hand = 0;
  /** Seats whose `move-player` waits for the end of the hand. */
  leaving: number[] = [];
  /** `add-chips` waiting for the end of the hand (R-CHIPS-ADD). */
  adding: { seat: number; player?: string; chips: number }[] = [];
  /** seat-player commands for a seat already taken (a seat given twice). */
  conflicts = 0;
  /** Commands this table received, in order. */
  received: TableCommand[] = [];
  constructor(
    readonly id: string,
    readonly seats: number,
  ) {
    this.players = new Array<string | null>(seats).fill(null);
    this.stacks = new Array<number | null>(seats).fill(null);
  }

  private ev(e: Event): Event {
    return { ...e, seq: ++this.seq };
  }

  /** The table's events for a command from the room. */
  receive(c: TableCommand): Event[] {
    this.received.push(c);
    if (c.name === 'seat-player') {
      if (this.players[c.seat - 1] !== null) {
        this.conflicts += 1;
        return [this.ev({ type: 'request.rejected', request: 'seat-player', reason: 'seat-taken' })];
      }
      this.players[c.seat - 1] = c.player;
      this.stacks[c.seat - 1] = c.chips ?? null;
      return [
        this.ev({
          type: 'player.seated',
          seat: c.seat,
          player: c.player,
          ...(c.chips !== undefined ? { chips: c.chips } : {}),
        }),
      ];
    }
    if (c.name === 'add-chips') {
      if (this.inHand) {
        this.adding.push(c);
        return [];
      }
      return this.add(c);
    }
    if (c.name === 'move-player') {
      if (this.inHand) {
        this.leaving.push(c.seat);
        return [];
      }
      return this.move(c.seat);
    }
    return [];
  }

  private add(c: { seat: number; player?: string; chips: number }): Event[] {
    const player = this.players[c.seat - 1];
    if (player == null || (c.player !== undefined && c.player !== player))
      return [this.ev({ type: 'request.rejected', request: 'add-chips', reason: 'not-that-player', seat: c.seat })];
    const stack = (this.stacks[c.seat - 1] ?? 0) + c.chips;
    this.stacks[c.seat - 1] = stack;
    return [this.ev({ type: 'chips.added', seat: c.seat, player, chips: c.chips, stack })];
  }

  private move(seat: number): Event[] {
    const player = this.players[seat - 1];
    if (player == null)
      return [this.ev({ type: 'request.rejected', request: 'move-player', reason: 'no-player', seat })];
    const chips = this.stacks[seat - 1];
    this.players[seat - 1] = null;
    this.stacks[seat - 1] = null;
    return [this.ev({ type: 'player.moved', seat, player, ...(chips != null ? { chips } : {}) })];
  }

  private nextOccupied(from: number | null): number | null {
    for (let k = 1; k <= this.seats; k++) {
      const s = (((from ?? this.seats) - 1 + k) % this.seats) + 1;
      if (this.players[s - 1] !== null) return s;
    }
    return null;
  }

  /** A hand starts: the button moves on, the blinds follow it. */
  startHand(): Event[] {
    const count = this.players.filter((p) => p !== null).length;
    this.button = this.nextOccupied(this.button);
    const sb = count === 2 ? this.button : this.nextOccupied(this.button);
    this.bigBlind = this.nextOccupied(sb);
    this.inHand = true;
    this.hand += 1;
    return [
      this.ev({ type: 'hand.started', button: this.button, smallBlind: sb, bigBlind: this.bigBlind, hand: this.hand }),
    ];
  }

  /** The hand ends; `busts` are eliminated (with their stack at the start), `removed` removed without chips. With
   * `winner`, a `pot.awarded` first: one pot, every seated player in it, won by that seat; then the chips added
   * during the hand (R-CHIPS-ADD; a bust who rebought during the hand stays). */
  endHand(
    busts: { seat: number; stackAtStart?: number }[] = [],
    removed: number[] = [],
    winner?: number | number[],
  ): Event[] {
    const events: Event[] = [];
    if (winner !== undefined) {
      const seats = this.players.flatMap((p, i) => (p === null ? [] : [i + 1]));
      const winners = Array.isArray(winner) ? winner : [winner];
      events.push(this.ev({ type: 'pot.awarded', pots: [{ amount: 0, seats, winners }] }));
    }
    const adding = this.adding;
    this.adding = [];
    for (const a of adding) events.push(...this.add(a));
    const rebought = new Set(adding.map((a) => a.seat));
    for (const b of busts) {
      if (rebought.has(b.seat)) continue;
      const player = this.players[b.seat - 1]!;
      events.push(this.ev({ type: 'player.eliminated', seat: b.seat, player, stackAtStart: b.stackAtStart ?? 0 }));
      events.push(this.ev({ type: 'player.removed', seat: b.seat, player }));
      this.players[b.seat - 1] = null;
    }
    for (const seat of removed) {
      events.push(this.ev({ type: 'player.removed', seat, player: this.players[seat - 1]! }));
      this.players[seat - 1] = null;
    }
    events.push(this.ev({ type: 'hand.ended', reason: 'fold', hand: this.hand }));
    this.inHand = false;
    const leaving = this.leaving;
    this.leaving = [];
    for (const seat of leaving) events.push(...this.move(seat));
    return events;
  }

  /** The floor removes players between hands (`remove-player`): no hand ends. */
  remove(seats: number[]): Event[] {
    return seats.map((seat) => {
      const player = this.players[seat - 1]!;
      this.players[seat - 1] = null;
      return this.ev({ type: 'player.removed', seat, player });
    });
  }

  /** The retained `state`, in the shape of src/domain/snapshot/types.ts (the fields the room reads). */
  state(): Record<string, unknown> {
    return {
      seq: this.seq,
      seats: this.seats,
      button: this.button,
      bigBlindSeat: this.bigBlind,
      seatInfo: this.players.map((player, i) => ({
        seat: i + 1,
        player,
        ...(this.stacks[i] != null ? { stack: this.stacks[i] } : {}),
      })),
    };
  }
}

/** A room and its fake tables, wired: what the room sends reaches the table, what the table publishes (events, then
 * its state) reaches the room, unless the table is in `hold` (its answers to move-player are then kept back). */
export class RoomHarness {
  readonly room = newRoom();
  readonly tables = new Map<string, FakeTable>();
  readonly outputs: RoomOutput[] = [];
  /** Every input the room got, in order (a golden replay's lines). */
  readonly inputs: Record<string, unknown>[] = [];
  at = 0;

  constructor(
    setup: Record<string, unknown> & { tables: { id: string; seats: number; open?: boolean }[] },
    online = true,
  ) {
    for (const t of setup.tables) this.tables.set(t.id, new FakeTable(t.id, t.seats));
    this.input({ type: 'command', name: 'setup', ...setup });
    if (online) for (const t of setup.tables) this.input({ type: 'table', table: t.id, status: 'online' });
  }

  table(id: string): FakeTable {
    return this.tables.get(id)!;
  }

  /** Feeds one input at the harness's time (or its own `at`), delivers what follows; returns every output. */
  input(raw: Record<string, unknown>): RoomOutput[] {
    if (typeof raw.at === 'number') this.at = Math.max(this.at, raw.at);
    const input = { at: this.at, ...raw };
    this.inputs.push(input);
    const outs = this.room.apply(input);
    this.outputs.push(...outs);
    const all = [...outs];
    for (const o of outs) {
      if (o.type !== 'send') continue;
      const t = this.tables.get(o.table);
      if (t) all.push(...this.publish(t, t.receive(o.command)));
    }
    return all;
  }

  /** A table publishes events (each to the room, with what follows), then its state. */
  publish(t: FakeTable, events: Record<string, unknown>[]): RoomOutput[] {
    const all: RoomOutput[] = [];
    for (const event of events) all.push(...this.input({ type: 'table', table: t.id, event }));
    if (events.length > 0) all.push(...this.input({ type: 'table', table: t.id, state: t.state() }));
    return all;
  }

  register(...players: string[]): RoomOutput[] {
    return players.flatMap((player) => this.input({ type: 'command', name: 'register', player }));
  }

  /** One hand at a table: starts, busts, ends (`winner`: the seat that won its one pot). */
  hand(
    id: string,
    busts: { seat: number; stackAtStart?: number }[] = [],
    removed: number[] = [],
    winner?: number | number[],
  ): RoomOutput[] {
    const t = this.table(id);
    return [...this.publish(t, t.startHand()), ...this.publish(t, t.endHand(busts, removed, winner))];
  }

  count(id: string): number {
    return this.table(id).players.filter((p) => p !== null).length;
  }

  of<T extends RoomOutput['type']>(type: T, outs: RoomOutput[] = this.outputs): Extract<RoomOutput, { type: T }>[] {
    return outs.filter((o): o is Extract<RoomOutput, { type: T }> => o.type === type);
  }
}
