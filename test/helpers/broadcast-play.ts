// A scripted hand for the broadcast tests: seats 1-3 (or those given) seated and present, the button on 1, then one
// hand dealt from `deck` in order, each seat calling or checking (and `folds` folding at their first turn), every
// input in its own turn with the clock advanced `gap` ms before it. No vitest here: the restart test's child process
// plays it too.
import type { FakeClock } from '../../src/runtime/clock.ts';
import type { TableRuntime } from '../../src/runtime/runtime.ts';

export interface HandScript {
  game?: 'holdem' | 'omaha';
  seats?: number[];
  /** The cards in the order the shoe reads them (hole cards one a round, burns and board). */
  deck: string[];
  folds?: number[];
  gap?: number;
  /** Chips tracked: each player starts with 10,000, blinds 50/100. */
  chips?: boolean;
}

type Submit = (input: Record<string, unknown>) => Promise<void>;

function submitter(runtime: TableRuntime, clock: FakeClock, gap: number): Submit {
  return async (input) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    clock.advance(gap);
    runtime.submit(input as { type: string });
  };
}

/** Sets the table up for `script` (setup, players, seat sensors, button). */
export async function setUpTable(runtime: TableRuntime, clock: FakeClock, script: HandScript): Promise<void> {
  const submit = submitter(runtime, clock, script.gap ?? 500);
  const rules = script.chips ? { rules: { chips: { mode: 'tracked' } } } : {};
  await submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda', game: script.game ?? 'holdem', ...rules });
  for (const seat of script.seats ?? [1, 2, 3]) {
    const stack = script.chips ? { chips: 10_000 } : {};
    await submit({ type: 'command', name: 'seat-player', seat, player: `P${seat}`, ...stack });
    await submit({ type: 'seat', seat, occupied: true });
  }
  await submit({ type: 'command', name: 'set-button', seat: (script.seats ?? [1])[0] });
  if (script.chips)
    await submit({ type: 'command', name: 'levels-start', levels: [{ smallBlind: 50, bigBlind: 100, minutes: 60 }] });
}

/** Plays one hand to its end; `until` stops early (after the input that made it true). */
export async function playHand(
  runtime: TableRuntime,
  clock: FakeClock,
  script: HandScript,
  until: () => boolean = () => false,
): Promise<void> {
  await submitter(runtime, clock, script.gap ?? 500)({ type: 'shuffle' });
  await continueHand(runtime, clock, script, until);
}

/** Goes on with the hand under way, from what its journaled events say was read and folded (so a restarted table
 * carries on where the killed one stopped). */
export async function continueHand(
  runtime: TableRuntime,
  clock: FakeClock,
  script: HandScript,
  until: () => boolean = () => false,
): Promise<void> {
  const submit = submitter(runtime, clock, script.gap ?? 500);
  const hand = runtime.snapshot().hand;
  const events = runtime.outbox.read(0, 100_000).filter((e) => e.hand === hand);
  const deck = script.deck.slice(events.filter((e) => e.type === 'card.dealt').length);
  const folded = new Set(events.flatMap((e) => (e.type === 'action' && e.action === 'fold' ? [e.seat] : [])));
  for (let step = 0; step < 200 && !until(); step++) {
    const snap = runtime.snapshot();
    if (snap.hand !== hand || snap.phase === 'idle' || snap.phase === 'halted') return;
    const on = snap.onAction;
    if (!on) {
      await submit({ type: 'card', card: deck.shift() });
      continue;
    }
    if ((script.folds ?? []).includes(on.seat) && !folded.has(on.seat)) {
      folded.add(on.seat);
      await submit({ type: 'panel', button: 'fold' });
      continue;
    }
    await submit({ type: 'panel', button: on.street === 'preflop' ? 'call' : 'check' });
    const after = runtime.snapshot().onAction;
    if (after && after.seat === on.seat && after.street === on.street) await submit({ type: 'panel', button: 'check' });
  }
}
