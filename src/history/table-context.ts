// What a hand's record needs from before the hand: who sits where, their stacks, the table's size and the blinds of
// each level. Folded from the same events as the hand itself, so a record is a function of the event stream alone.
import type { Seat, TableEvent } from '../domain/types.ts';

export interface Blinds {
  smallBlind: number;
  bigBlind: number;
  ante: number;
}

export class TableContext {
  /** From table.ready; 9 until one is seen (a journal pruned before its setup). */
  seats = 9;
  readonly names = new Map<Seat, string>();
  /** Chips behind, when tracked. */
  readonly stacks = new Map<Seat, number>();
  /** Blinds by level number, and the latest announced (a room's `level.set` included). */
  readonly levels = new Map<number, Blinds>();
  latest: Blinds | null = null;

  apply(e: TableEvent): void {
    if (e.type === 'table.ready') this.seats = e.seats;
    else if (e.type === 'player.seated') {
      this.names.set(e.seat, e.player);
      if (e.chips !== undefined) this.stacks.set(e.seat, e.chips);
    } else if (e.type === 'player.removed' || e.type === 'player.moved') {
      this.names.delete(e.seat);
      this.stacks.delete(e.seat);
    } else if (e.type === 'stack.set') this.stacks.set(e.seat, e.chips);
    else if (e.type === 'bet.placed') this.stacks.set(e.seat, e.stack);
    else if (e.type === 'bet.returned') this.stacks.set(e.seat, (this.stacks.get(e.seat) ?? 0) + e.amount);
    else if (e.type === 'pot.awarded') {
      for (const pot of e.pots) {
        for (const s of pot.shares) this.stacks.set(s.seat, (this.stacks.get(s.seat) ?? 0) + s.amount);
      }
    } else if (e.type === 'level.changed' || e.type === 'level.set') {
      this.level(e.level, e.smallBlind, e.bigBlind, e.ante);
    }
  }

  blindsOf(level: number | null): Blinds | null {
    return (level === null ? null : this.levels.get(level)) ?? this.latest;
  }

  private level(level: number, smallBlind: number | null, bigBlind: number | null, ante: number | null): void {
    if (smallBlind === null || bigBlind === null) return; // a break
    const blinds = { smallBlind, bigBlind, ante: ante ?? 0 };
    this.levels.set(level, blinds);
    this.latest = blinds;
  }
}
