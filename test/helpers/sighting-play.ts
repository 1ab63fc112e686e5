// A session for the secrecy test with card antennas (R-CARD-PLACE): hands played through the real runtime, and after
// many inputs a sighting of a card of this hand or the last one (hole, burn or board) at a random seat, the board or
// the muck, so that `card.misplaced` names hole and burn cards on the secure stream.
import type { TableEvent } from '../../src/domain/types.ts';
import type { fakeClock } from '../../src/runtime/clock.ts';
import type { TableRuntime } from '../../src/runtime/runtime.ts';

export async function playWithSightings(
  runtime: TableRuntime,
  clock: ReturnType<typeof fakeClock>,
  hands = 10,
): Promise<void> {
  let seed = 11;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const submit = async (input: Record<string, unknown>, gap = 500): Promise<TableEvent[]> => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    clock.advance(gap);
    return runtime.submit(input as { type: string });
  };
  let lastHand: string[] = [];
  const sight = async (cards: readonly string[]): Promise<void> => {
    const pool = [...cards, ...lastHand];
    if (pool.length === 0 || random() < 0.4) return;
    const place = pick(['seat', 'seat', 'board', 'muck'] as const);
    const where = place === 'seat' ? { place, seat: 1 + Math.floor(random() * 6) } : { place };
    await submit({ type: 'card', card: pick(pool), ...where }, 200);
  };
  await submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda' });
  for (const seat of [1, 2, 3, 4]) {
    await submit({ type: 'command', name: 'seat-player', seat, player: `P${seat}` });
    await submit({ type: 'seat', seat, occupied: true });
  }
  await submit({ type: 'command', name: 'set-button', seat: 1 }, 10_000);
  for (let h = 0; h < hands; h++) {
    const deck = [...'AKQJT98765432'].flatMap((r) => [...'shdc'].map((s) => r + s));
    for (let i = 0; i < h * 11; i++) deck.push(deck.shift()!);
    const read: string[] = [];
    await submit({ type: 'shuffle' }, 3000);
    const hand = runtime.snapshot().hand;
    for (let step = 0; step < 150; step++) {
      const snap = runtime.snapshot();
      if (snap.hand !== hand || snap.phase === 'idle' || snap.phase === 'halted') break;
      if (!snap.onAction) {
        const card = deck.shift()!;
        read.push(card);
        await submit({ type: 'card', card });
      } else await submit({ type: 'panel', button: random() < 0.15 ? 'fold' : 'call' }, 800);
      await sight(read);
    }
    await sight(read); // between hands: the cards being gathered
    lastHand = read;
  }
}
