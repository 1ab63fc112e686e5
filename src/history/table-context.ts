// What a hand's record needs from before the hand: who sits where, their stacks, the table's size and the blinds of
// each level. Folded from the same events as the hand itself, so a record is a function of the event stream alone.
import type { Seat, TableEvent } from '../domain/types.ts';

export interface Blinds {
  smallBlind: number;
  bigBlind: number;
  ante: number;
  /** Limit play and the stud games (R-BET-LIMIT, R-STUD-BRING-IN), where the level names them. */
  smallBet?: number;
  bigBet?: number;
  bringIn?: number;
}

/** A level's fields as `level.changed` and `level.set` carry them; a stud level's blinds may be null (it has none)
 * and its `bringIn` is read from the contract's field whether the engine's types name it yet or not. */
type LevelFields = {
  level: number;
  smallBlind: number | null;
  bigBlind: number | null;
  ante: number | null;
  smallBet?: number | null;
  bigBet?: number | null;
  bringIn?: number | null;
  break?: boolean;
  isBreak?: boolean;
};

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
      this.level(e as LevelFields);
    }
  }

  blindsOf(level: number | null): Blinds | null {
    return (level === null ? null : this.levels.get(level)) ?? this.latest;
  }

  private level(e: LevelFields): void {
    const stud = typeof e.bringIn === 'number';
    // a break: flagged, or (before the flag) no blinds on a level that is not a stud level
    if (e.break === true || e.isBreak === true || (!stud && (e.smallBlind === null || e.bigBlind === null))) return;
    const blinds: Blinds = { smallBlind: e.smallBlind ?? 0, bigBlind: e.bigBlind ?? 0, ante: e.ante ?? 0 };
    if (typeof e.smallBet === 'number') blinds.smallBet = e.smallBet;
    if (typeof e.bigBet === 'number') blinds.bigBet = e.bigBet;
    if (stud) blinds.bringIn = e.bringIn!;
    this.levels.set(e.level, blinds);
    this.latest = blinds;
  }
}
