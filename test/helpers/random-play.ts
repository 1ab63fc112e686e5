// Random hands through a real runtime on a fake clock: shuffles, a card read for every card owed, panel actions, and
// now and then an exposed card or a read outside a hand (the MQTT secrecy and hand-history tests).
import type { FakeClock } from '../../src/runtime/clock.ts';
import type { TableRuntime } from '../../src/runtime/runtime.ts';

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plays `hands` hands through the runtime: shuffles, card reads for every card owed, panel actions, and now and
 * then an exposed card or a read outside a hand (irregularities that name cards). */
export async function play(
  runtime: TableRuntime,
  clock: FakeClock,
  hands: number,
  seed: number,
  game: 'holdem' | 'omaha' = 'holdem',
  chips = false,
): Promise<void> {
  const random = rng(seed);
  // Each input in its own turn, as hardware delivers them: the bridge publishes state between them.
  const submit = async (input: Record<string, unknown>, gap = 500) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    clock.advance(gap);
    return runtime.submit(input as { type: string });
  };
  const rules = chips ? { rules: { chips: { mode: 'tracked' } } } : {};
  await submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda', game, ...rules });
  for (const seat of [1, 2, 3, 4, 5]) {
    const stack = chips ? { chips: 100_000 } : {};
    await submit({ type: 'command', name: 'seat-player', seat, player: `P${seat}`, ...stack });
    await submit({ type: 'seat', seat, occupied: true });
  }
  await submit({ type: 'command', name: 'set-button', seat: 1 }, 10_000);
  if (chips)
    await submit({ type: 'command', name: 'levels-start', levels: [{ smallBlind: 50, bigBlind: 100, minutes: 60 }] });
  for (let h = 0; h < hands; h++) {
    const deck = [...'AKQJT98765432'].flatMap((r) => [...'shdc'].map((s) => r + s));
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    await submit({ type: 'shuffle' }, 3000);
    const hand = runtime.snapshot().hand;
    for (let step = 0; step < 150; step++) {
      const snap = runtime.snapshot();
      if (snap.hand !== hand || snap.phase === 'idle') break;
      if (snap.phase === 'halted') {
        await submit({ type: 'shuffle' });
        break;
      }
      const r = random();
      if (!snap.onAction) {
        if (r < 0.02) await submit({ type: 'panel', button: 'exposed', card: deck[deck.length - 1] });
        await submit({ type: 'card', card: deck.pop() });
        continue;
      }
      const button = r < 0.2 ? 'fold' : r < 0.6 ? 'call' : r < 0.85 ? 'check' : 'raise';
      // with chips tracked a raise names its amount: the least it may be (the state's minRaiseTo)
      const to = chips && button === 'raise' ? { to: snap.minRaiseTo ?? undefined } : {};
      await submit({ type: 'panel', button, ...to }, 800);
    }
    if (random() < 0.3) await submit({ type: 'card', card: deck.pop() }); // a read between hands
  }
}
