// A few real hands as an input list, for the crash and retention tests. Built by asking a real engine (the
// snapshot says who is on action and whether cards are owed) so the hands are played out, not rejected;
// seeded, so the same seed gives the same list.
import type { Profile } from '../../src/domain/profile/profile.ts';
import { createTable } from '../../src/domain/table.ts';
import type { PlayInput } from './crash-play.ts';
import { deckByRank } from '../../src/protocol/notation.ts';

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function session(
  profiles: Readonly<Record<string, Profile>>,
  seed: number,
  hands: number,
  startAt = 1_700_000_000_000,
): PlayInput[] {
  const random = rng(seed);
  const table = createTable({ profiles });
  const out: PlayInput[] = [];
  let at = startAt;
  const push = (input: Omit<PlayInput, 'at'>, gap = 0) => {
    at += gap;
    const full = { ...input, at } as PlayInput;
    out.push(full);
    return table.apply(full);
  };
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo));

  push({ type: 'command', name: 'setup', seats: 6, profile: 'tda', rules: { shotClock: { enabled: true } } });
  for (const seat of [1, 2, 3, 4, 5]) {
    push({ type: 'command', name: 'seat-player', seat, player: `P${seat}` }, 200);
    push({ type: 'seat', seat, occupied: true }, 100);
  }
  push({ type: 'command', name: 'set-button', seat: 1 }, 3000);
  push(
    {
      type: 'command',
      name: 'levels-start',
      levels: [
        { smallBlind: 100, bigBlind: 200, minutes: 3 },
        { break: true, minutes: 1 },
        { smallBlind: 200, bigBlind: 400, ante: 50, minutes: 5 },
      ],
    },
    100,
  );

  for (let h = 0; h < hands; h++) {
    const deck = deckByRank();
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    push({ type: 'shuffle' }, between(2000, 8000));
    const hand = table.snapshot().hand;
    for (let steps = 0; steps < 120; steps++) {
      const snap = table.snapshot();
      if (snap.hand !== hand || snap.phase === 'idle' || snap.phase === 'halted') break;
      const onAction = snap.onAction;
      if (!onAction) {
        const card = deck.pop();
        if (!card) break;
        push({ type: 'card', card }, between(300, 1500));
        continue;
      }
      const r = random();
      if (r < 0.04) {
        // Somebody takes too long: the floor calls the clock, the timers run out on their own.
        push({ type: 'clock-request', by: 'floor' }, between(1000, 3000));
        continue;
      }
      if (r < 0.1) {
        // Nobody moves for a while: the shot clock runs out (a timer, fired as a tick by the runtime).
        push({ type: 'seat', seat: onAction.seat, occupied: true }, between(35_000, 60_000));
        continue;
      }
      if (r < 0.14) {
        push({ type: 'seat', seat: onAction.seat, occupied: false }, between(200, 800));
        push({ type: 'seat', seat: onAction.seat, occupied: true }, between(200, 1500));
        continue;
      }
      const button = r < 0.25 ? 'fold' : r < 0.6 ? 'call' : r < 0.8 ? 'check' : r < 0.95 ? 'raise' : 'allin';
      const events = push({ type: 'panel', button }, between(1000, 20_000));
      if (events.some((e) => e.type === 'request.rejected'))
        push({ type: 'panel', button: 'call' }, between(200, 1000));
    }
  }
  return out;
}
