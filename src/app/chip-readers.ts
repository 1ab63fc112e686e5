// The simulated table with chip readers (`npm start -- --chip-readers`, docs/chips.md): a simulated chip reader at
// every seat, and the virtual players' calls, bets and raises put out as chips in their betting zones instead of
// amounts on the panel, so the reader's grouping (src/hardware/chip-reader) and the engine's chip reading
// (R-BET-CHIPS) play every hand. The dealer's hands are played here too: the bets gathered into the pot at the end
// of each betting round (a motion that takes chips away, which the engine reads as no action).
import type { Input, Seat, TableEvent } from '../domain/types.ts';
import { createSimulatedChipReader, type SimulatedChipReader } from '../hardware/chip-reader/simulated.ts';
import { DEFAULT_SETTLE_MS } from '../hardware/chip-reader/reader.ts';
import type { TableSnapshot } from '../domain/snapshot/types.ts';
import type { Clock } from '../runtime/types.ts';

/** The chips the simulated table plays with, highest first: any amount is made of them. */
export const SIM_CHIP_VALUES: readonly number[] = [25000, 5000, 1000, 500, 100, 25, 5, 1];

export interface SimulatedChipTable {
  readers: SimulatedChipReader[];
  /** Puts a virtual player's call, bet or raise, or its silent chip motion, out as chips; false when it stays as
   * it is (check, fold, all-in, or an amount the snapshot cannot place). */
  deliver(input: Input): boolean;
  /** The dealer's hands, after each batch of events. */
  onEvents(events: readonly TableEvent[]): void;
}

/** The chips making `amount`, fewest first; with `split`, never a single chip (a lone chip facing a bet is a call,
 * R-BET-CHIPS, so a raise is put out as two or more). */
export function chipsFor(amount: number, split = false): number[] {
  const out: number[] = [];
  let left = amount;
  for (const value of SIM_CHIP_VALUES) {
    const usable = split && out.length === 0 && value === amount ? 0 : Math.floor(left / value);
    for (let i = 0; i < usable; i++) out.push(value);
    left -= usable * value;
  }
  return out.length > 0 ? out : [amount];
}

export function createSimulatedChipTable(options: { seats: number; clock: Clock; snapshot: () => TableSnapshot }) {
  const { clock } = options;
  // Chip tags: minted as the players need chips, back in the box when the dealer gathers them.
  const tags = new Map<string, number>();
  const box = new Map<number, string[]>();
  let minted = 0;
  const tagOf = (value: number): string => {
    const free = box.get(value)?.pop();
    if (free !== undefined) return free;
    const uid = `05c1${(minted++).toString(16).padStart(10, '0')}`;
    tags.set(uid, value);
    return uid;
  };
  const schedule = (ms: number, fn: () => void): (() => void) => clock.setTimer(clock.now() + ms, fn);
  const readers = Array.from({ length: options.seats }, (_, i) =>
    createSimulatedChipReader(
      { name: `chips-${i + 1}`, seat: i + 1, settleMs: DEFAULT_SETTLE_MS, chips: tags },
      schedule,
    ),
  );
  const lying = new Map<Seat, string[]>();
  const toBox = (uids: readonly string[]): void => {
    for (const uid of uids) {
      const value = tags.get(uid)!;
      box.set(value, [...(box.get(value) ?? []), uid]);
    }
  };

  return {
    readers,
    deliver(input) {
      // A silent motion of the virtual players (an oversized chip, src/sim/chips.ts): its chips go out as tags.
      if (input.type === 'chips' && input.removed.length === 0 && input.verbal === undefined) {
        const reader = readers[input.seat - 1];
        if (!reader) return false;
        const uids = input.added.map(tagOf);
        lying.set(input.seat, [...(lying.get(input.seat) ?? []), ...uids]);
        reader.put(uids);
        return true;
      }
      if (input.type !== 'panel' || !['call', 'bet', 'raise'].includes(input.button)) return false;
      const snap = options.snapshot();
      const seat = snap.onAction?.seat;
      const info = seat !== undefined ? snap.seatInfo[seat - 1] : undefined;
      const reader = seat !== undefined ? readers[seat - 1] : undefined;
      if (seat === undefined || !info || !reader || info.stack === null || info.stack === undefined) return false;
      const amount = input.button === 'call' ? (snap.toCall ?? 0) : (input.to ?? 0) - (info.bet ?? 0);
      // Chips holding the whole stack are an all-in whatever their number: that stays the panel's allin.
      if (amount <= 0 || amount >= info.stack) return false;
      const uids = chipsFor(amount, input.button !== 'call').map(tagOf);
      lying.set(seat, [...(lying.get(seat) ?? []), ...uids]);
      reader.put(uids);
      return true;
    },
    onEvents(events) {
      for (const e of events) {
        if (e.type === 'pots') {
          // The round's bets go into the pot: each zone's chips leave it.
          for (const [seat, uids] of lying) {
            readers[seat - 1]?.take(uids);
            toBox(uids);
          }
          lying.clear();
        } else if (e.type === 'hand.ended') {
          // The pot pushed to the winner between hands: the engine takes no chip motion without a hand, so the zones
          // are emptied without one.
          for (const reader of readers) reader.clear();
          for (const uids of lying.values()) toBox(uids);
          lying.clear();
        }
      }
    },
  } satisfies SimulatedChipTable;
}
