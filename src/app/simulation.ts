// Drives the table with the virtual dealer and players (src/sim) through the same device seams as hardware: card
// reads go through a simulated shoe and an enrolled (simulated) deck, seat levels and buttons through a simulated
// Firmata board; only what has no device (floor commands, an exposed card named on the panel) goes straight in.
import type { Logger } from 'pino';
import type { Input, TableEvent } from '../domain/types.ts';
import type { SimulatedAntenna } from '../hardware/antenna/simulated.ts';
import type { SimulatedBoard } from '../hardware/firmata/simulated.ts';
import type { SimulatedShoe } from '../hardware/shoe/simulated.ts';
import type { SimulatedChipTable } from './chip-readers.ts';
import { deckByRank } from '../protocol/notation.ts';
import type { Clock, Outbox, RawInput, Runtime } from '../runtime/types.ts';

/** The virtual table's face (src/sim): its first inputs, then the next ones in answer to each batch of events;
 * every input carries the future time it should happen at. */
export interface VirtualTable {
  start(): Input[];
  react(events: readonly TableEvent[]): Input[];
}

/** A 52-card deck with made-up 7-byte tag ids (like NTAG21x), as `npm run deck -- enroll` would produce. */
export function simulatedDeck(): Map<string, string> {
  const deck = new Map<string, string>();
  for (const [i, card] of deckByRank().entries()) deck.set(`04${(0xa15000 + i).toString(16)}c0ffee`, card);
  return deck;
}

/** Enough events to reach back to the start of any hand (a long one has a few hundred). */
const HAND_LOOKBACK = 5000;

/** The full events (cards included) of the hand under way, from its `hand.started`, as the outbox kept them. */
export function eventsOfHandUnderWay(outbox: Outbox, hand: number): TableEvent[] {
  const last = outbox.lastSeq();
  const events = outbox.read(Math.max(0, last - HAND_LOOKBACK), HAND_LOOKBACK);
  const start = events.findLastIndex((e) => e.type === 'hand.started' && e.hand === hand);
  return start < 0 ? [] : events.slice(start);
}

export interface SimulationOptions {
  runtime: Runtime;
  clock: Clock;
  table: VirtualTable;
  shoe: SimulatedShoe;
  /** The seat, board and muck antennas (R-CARD-PLACE); without it, sightings go straight in. */
  antennas?: SimulatedAntenna;
  board: SimulatedBoard;
  deck: ReadonlyMap<string, string>;
  /** `--chip-readers`: the players' amounts go out as chips through the seats' chip readers (chip-readers.ts). */
  chipTable?: SimulatedChipTable;
  logger: Logger;
}

export interface Simulation {
  start(): void;
  /** Cancels every scheduled input; nothing more reaches the table. */
  stop(): void;
}

export function createSimulation(options: SimulationOptions): Simulation {
  const { runtime, clock, table, shoe, board } = options;
  const log = options.logger.child({ module: 'simulation' });
  const uidOf = new Map([...options.deck].map(([uid, card]) => [card, uid]));
  const timers = new Set<() => void>();
  let stopped = false;
  let unsubscribe: (() => void) | null = null;

  const deliver = (input: Input): void => {
    if (stopped) return;
    // The runtime stamps `at` from the clock, as it does for a real device's input.
    const { at: _at, ...rest } = input;
    try {
      switch (input.type) {
        case 'card': {
          const uid = input.uid ?? uidOf.get(input.card);
          const antennas = options.antennas;
          if (uid === undefined) runtime.submit(rest as RawInput);
          else if (input.place === undefined || input.place === 'shoe') shoe.read(uid);
          else if (!antennas) runtime.submit(rest as RawInput);
          else
            antennas.read(uid, input.place === 'seat' ? { place: 'seat', seat: input.seat } : { place: input.place });
          return;
        }
        case 'seat':
          return board.setSeat(input.seat, input.occupied);
        case 'shuffle':
          return board.press('shuffle');
        case 'panel':
          if (options.chipTable?.deliver(input)) return;
          // a wired panel has no amount keys: an amount or a `bet` goes to the runtime as it is
          if (input.card === undefined && input.to === undefined && input.button !== 'bet')
            return board.press(input.button);
          runtime.submit(rest as RawInput);
          return;
        case 'timebank':
          return board.pressSeat(input.seat, 'timebank');
        case 'clock-request':
          if (input.by === 'dealer') return board.press('clock');
          if (input.by === 'seat' && input.seat !== undefined) return board.pressSeat(input.seat, 'clock');
          runtime.submit(rest as RawInput);
          return;
        case 'chips':
          if (options.chipTable?.deliver(input)) return;
          runtime.submit(rest as RawInput);
          return;
        case 'command':
        case 'tick':
        case 'device':
          runtime.submit(rest as RawInput);
          return;
        default: {
          const never: never = input;
          return never;
        }
      }
    } catch (error) {
      // A simulated device refusing an input (board unplugged) must not stop the simulation.
      log.warn({ err: error, input }, 'simulated input not delivered');
    }
  };

  const schedule = (inputs: readonly Input[]): void => {
    if (stopped) return;
    for (const input of inputs) {
      const cancel = clock.setTimer(input.at, () => {
        timers.delete(cancel);
        deliver(input);
      });
      timers.add(cancel);
    }
  };

  return {
    start() {
      unsubscribe = runtime.onEvents((events) => {
        if (stopped) return;
        options.chipTable?.onEvents(events);
        try {
          schedule(table.react(events));
        } catch (error) {
          log.error({ err: error }, 'the virtual table failed to react; simulation stopped');
          stopped = true;
        }
      });
      schedule(table.start());
    },
    stop() {
      stopped = true;
      unsubscribe?.();
      for (const cancel of timers) cancel();
      timers.clear();
    },
  };
}
