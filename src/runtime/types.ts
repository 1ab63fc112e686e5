// The runtime wraps the pure engine with time, durability and fan-out. Adapters talk to it, never to the engine.
import type { Profile } from '../domain/profile/profile.ts';
import type { TableSnapshot } from '../domain/snapshot/types.ts';
import type { TableEvent } from '../domain/types.ts';
import type { RecentInput } from './recent.ts';

/** An input as an adapter hands it over: `at` is stamped by the runtime's clock when absent. */
export type RawInput = { type: string; at?: number; [field: string]: unknown };

export interface Clock {
  now(): number;
  setTimer(at: number, fire: () => void): () => void; // returns cancel
  /** Continue from `at` if behind it (the runtime calls it with the journal's last time at start). */
  resume?(at: number): void;
  /** No timer is running: time may catch up with the wall clock now (after a step forward). */
  settle?(): void;
}

export interface Runtime {
  /** Journals the input (before applying it), applies it, puts the events in the outbox, tells listeners.
   * Never throws for bad input: an input the engine's validator refuses (or that is not JSON) is logged, not
   * journaled, and gives no event (`[]`); adapters that must answer check it first (src/mqtt/commands.ts). */
  submit(input: RawInput): TableEvent[];
  /** The newest journaled inputs (at most `limit`) with their events, oldest first. */
  recentInputs?(limit: number): RecentInput[];
  /** Called with every batch of new events, in `seq` order (LEDs, displays, MQTT wake-up). */
  onEvents(listener: (events: readonly TableEvent[]) => void): () => void;
  snapshot(): TableSnapshot;
  /** The profile the table plays (its last `setup`, resolved: every rule value), or null before any setup. */
  profile?(): Readonly<Profile> | null;
  /** The durable outbox: a sink reads from its cursor and acknowledges what it delivered. */
  outbox: Outbox;
  /** The journal's epoch: a new journal (after a damaged one) numbers `seq` from 1 again under a new epoch. */
  readonly epoch?: string;
  /** Flushes and closes the journal; timers stop. */
  close(): void;
}

export interface Outbox {
  /** Events with seq > afterSeq, in order, at most `limit`. */
  read(afterSeq: number, limit: number): TableEvent[];
  /** The last seq a named sink confirmed (0 when none). */
  cursor(sink: string): number;
  /** A sink confirms delivery up to and including seq. */
  ack(sink: string, seq: number): void;
  /** The highest seq written. */
  lastSeq(): number;
}
