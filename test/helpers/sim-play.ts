// The virtual dealer (src/sim) playing through a real runtime on a fake clock, one input a turn as hardware delivers
// them, so that the bridge publishes between inputs: the secrecy tests use it for the games random-play.ts does not
// deal (stud, razz, stud hi-lo, mixed levels).
import { loadProfiles } from '../../src/config/profiles.ts';
import type { Input } from '../../src/domain/types.ts';
import type { FakeClock } from '../../src/runtime/clock.ts';
import type { TableRuntime } from '../../src/runtime/runtime.ts';
import type { RawInput } from '../../src/runtime/types.ts';
import { createVirtualTable, type VirtualTableOptions } from '../../src/sim/index.ts';

type SimOptions = Partial<Omit<VirtualTableOptions, 'startAt'>> & { seed: number; hands: number };

/** Plays until `hands` hands have ended. Inputs the virtual dealer answers to timer events (a shot clock, a level)
 * are taken in their time order with the rest. */
export async function playSimulated(runtime: TableRuntime, clock: FakeClock, o: SimOptions): Promise<void> {
  const { hands, ...options } = o;
  const table = createVirtualTable({
    seats: 8,
    players: 6,
    profile: 'tda',
    irregularityRate: 0.3,
    profiles: loadProfiles(),
    ...options,
    startAt: clock.now(),
  });
  const pending: Input[] = [];
  let ended = 0;
  const off = runtime.onEvents((events) => {
    ended += events.filter((e) => e.type === 'hand.ended').length;
    pending.push(...table.react(events));
    pending.sort((a, b) => a.at - b.at);
  });
  try {
    pending.push(...table.start());
    while (ended < hands) {
      const input = pending.shift();
      if (input === undefined) throw new Error(`the virtual dealer stopped after ${ended} of ${hands} hands`);
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (input.at > clock.now()) clock.advanceTo(input.at);
      const { at: _at, ...raw } = input;
      runtime.submit(raw as RawInput);
    }
  } finally {
    off();
  }
}
