// A scripted session for the secrecy test: one hand per read that is, or later becomes, a burn card (rules.md
// "Reading the shoe"), played through the real runtime one input per turn, as hardware delivers them.
import type { TableEvent } from '../../src/domain/types.ts';
import type { fakeClock } from '../../src/runtime/clock.ts';
import type { TableRuntime } from '../../src/runtime/runtime.ts';

export type Irregularity =
  | 'four-flop-burn-first' // R-FLOP-TOO-MANY scramble, the burn drawn is a card of the three dealt first
  | 'four-flop-burn-fourth' // … the burn drawn is the fourth card
  | 'four-flop-act-then-name' // … an action before the dealer names the burn
  | 'extra-card' // R-EXTRA-CARD: one card too many after the deal is the burn
  | 'premature-flop' // R-PREMATURE-FLOP: the first premature read is the burn
  | 'premature-turn'
  | 'turn-too-many' // R-TURN-RIVER-TOO-MANY: the read after the turn card is the river's burn, a second is premature
  | 'premature-river'
  | 'exposed-late'; // R-EXPOSED-LATE: the exposed hole card becomes the first burn

export const IRREGULARITIES: readonly Irregularity[] = [
  'four-flop-burn-first',
  'four-flop-burn-fourth',
  'four-flop-act-then-name',
  'extra-card',
  'premature-flop',
  'premature-turn',
  'turn-too-many',
  'premature-river',
  'exposed-late',
];

/** Plays one tda hand per irregularity (5 players, 6 seats); every other action is a call, so hands reach the river. */
export async function playIrregularHands(
  runtime: TableRuntime,
  clock: ReturnType<typeof fakeClock>,
  plans: readonly Irregularity[] = IRREGULARITIES,
  game: 'holdem' | 'omaha' = 'holdem',
): Promise<void> {
  let flop: string[] = [];
  const submit = async (input: Record<string, unknown>, gap = 500): Promise<TableEvent[]> => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    clock.advance(gap);
    const events = runtime.submit(input as { type: string });
    for (const e of events) if (e.type === 'board' && e.street === 'flop' && e.cards.length === 3) flop = [...e.cards];
    return events;
  };
  await submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda', game });
  for (const seat of [1, 2, 3, 4, 5]) {
    await submit({ type: 'command', name: 'seat-player', seat, player: `P${seat}` });
    await submit({ type: 'seat', seat, occupied: true });
  }
  await submit({ type: 'command', name: 'set-button', seat: 1 }, 10_000);
  for (const [h, plan] of plans.entries()) {
    // a different deck order each hand, the same every run
    const deck = [...'AKQJT98765432'].flatMap((r) => [...'shdc'].map((s) => r + s));
    for (let i = 0; i < h * 7; i++) deck.push(deck.shift()!);
    const read = () => submit({ type: 'card', card: deck.shift() });
    const acted: Record<string, number> = { preflop: 0, flop: 0, turn: 0, river: 0 };
    const call = (street: string) => {
      acted[street] = (acted[street] ?? 0) + 1;
      return submit({ type: 'panel', button: 'call' }, 800);
    };
    let done = false;
    await submit({ type: 'shuffle' }, 3000);
    const hand = runtime.snapshot().hand;
    for (let step = 0; step < 200; step++) {
      const snap = runtime.snapshot();
      if (snap.hand !== hand || snap.phase === 'idle') break;
      if (snap.phase === 'halted') throw new Error(`hand ${hand} (${plan}): fouled deck`);
      if (snap.phase === 'dealing') {
        await read();
        if (plan === 'exposed-late' && !done && deck.length === 52 - 5) {
          done = true; // position 5 is no misdeal under tda: it becomes the first burn
          await submit({ type: 'panel', button: 'exposed' });
        }
        continue;
      }
      if (!snap.onAction) {
        await read();
        continue;
      }
      const street = snap.onAction.street;
      if (!done) {
        const trigger: Partial<Record<Irregularity, boolean>> = {
          'extra-card': street === 'preflop' && acted.preflop === 0,
          'premature-flop': street === 'preflop' && acted.preflop === 1,
          'four-flop-burn-first': street === 'flop' && acted.flop === 0,
          'four-flop-burn-fourth': street === 'flop' && acted.flop === 0,
          'four-flop-act-then-name': street === 'flop' && acted.flop === 0,
          'premature-turn': street === 'flop' && acted.flop === 1,
          'turn-too-many': street === 'turn' && acted.turn === 0,
          'premature-river': street === 'turn' && acted.turn === 1,
        };
        if (trigger[plan]) {
          done = true;
          if (plan.startsWith('four-flop')) {
            const fourth = deck[0]!;
            await read();
            if (plan === 'four-flop-act-then-name') await call(street);
            const burn = plan === 'four-flop-burn-fourth' ? fourth : flop[1];
            await submit({ type: 'panel', button: 'burn', card: burn });
            continue;
          }
          const reads = plan === 'extra-card' ? 1 : 2;
          for (let i = 0; i < reads; i++) await read();
          continue;
        }
      }
      await call(street);
    }
    if (!done) throw new Error(`hand ${hand}: the ${plan} was never played`);
    if (runtime.snapshot().hand === hand && runtime.snapshot().phase !== 'idle')
      throw new Error(`hand ${hand} (${plan}) did not end`);
  }
}
