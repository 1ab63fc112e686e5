// The retained floor feed (`<base>/feed`): the last few events a floor person or a room watches for (irregularities,
// misdeals, dead hands, penalties, clock calls, level changes, results) and the hand under way, so a board opened
// mid-hand or reloaded shows what the boards that were already open show. Public forms only: no hole or burn card.
import { toPublic } from '../domain/secrecy.ts';
import type { TableEvent } from '../domain/types.ts';

export const FEED_SIZE = 8;

/** Event types that go into the feed (the board's floor panel). */
export const FEED_TYPES: ReadonlySet<string> = new Set([
  'irregularity',
  'card.misplaced',
  'misdeal',
  'hand.dead',
  'violation',
  'clock.called',
  'penalty.started',
  'level.changed',
  'levels.paused',
  'levels.resumed',
  'level.adjusted',
  'showdown',
  'device.offline',
  'device.online',
  'timebank.used',
  // chips tracked (amounts are public)
  'pot.awarded',
  'player.eliminated',
  'stack.set',
  'chips.added',
  // the room (R-ROOM-MOVE): a player leaves for another table
  'player.moved',
]);

export interface FeedPayload {
  /** The newest event's seq in the feed or the hand header (a board ignores live events at or below it). */
  seq: number;
  /** Newest first, at most FEED_SIZE. */
  items: TableEvent[];
  /** The last `hand.started` or `hand.ended`: the board's hand header. */
  hand: TableEvent | null;
}

export class FloorFeed {
  private items: TableEvent[] = [];
  private hand: TableEvent | null = null;
  private seq = 0;

  /** Takes a batch of events; true when the feed changed. */
  add(events: readonly TableEvent[]): boolean {
    let changed = false;
    for (const event of events) {
      if (event.type === 'hand.started' || event.type === 'hand.ended') this.hand = toPublic(event);
      else if (FEED_TYPES.has(event.type)) {
        const shown = toPublic(event);
        if (!shown) continue; // secure-only: never on the feed
        this.items = [shown, ...this.items].slice(0, FEED_SIZE);
      } else continue;
      this.seq = Math.max(this.seq, event.seq);
      changed = true;
    }
    return changed;
  }

  payload(): FeedPayload {
    return { seq: this.seq, items: this.items, hand: this.hand };
  }
}
