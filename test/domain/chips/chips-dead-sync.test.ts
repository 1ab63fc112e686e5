// R-CHIPS-DETAILS: a seat that leaves the hand outside a chips action (absent or penalised at the end of the deal,
// a clock's expiry, removed) is a dead hand for the pots at once (hand-chips.ts `leaveChips`), so the actions need
// no pass over the seats. Random chips hands with every such exit: after every input, a seat is out of the hand by
// the hand's flags exactly when its chips seat is folded, and a seat dead or removed is a dead hand for the pots.
import { describe, expect, test } from 'vitest';
import { loadProfiles } from '../../../src/config/profiles.ts';
import { DEAD, FOLDED, type State } from '../../../src/domain/state.ts';
import { createTable } from '../../../src/domain/table.ts';
import type { EngineEvent } from '../../../src/domain/types.ts';
import { DECK } from '../../helpers/scenario.ts';
import { generator } from '../../helpers/seeded.ts';

const profiles = loadProfiles();

/** Every chips seat agrees with the hand's flags; returns how many seats were out without a chips fold. */
function check(state: State, where: string): number {
  const hand = state.hand;
  if (!hand?.chips) return 0;
  let dead = 0;
  for (const s of hand.chips.seats) {
    const out = (hand.flags[s.seat]! & (FOLDED | DEAD)) !== 0;
    expect(s.folded, `${where}: seat ${s.seat} folded`).toBe(out);
    if ((hand.flags[s.seat]! & DEAD) !== 0) expect(s.deadHand, `${where}: seat ${s.seat} dead hand`).toBe(true);
    if (s.deadHand) dead += 1;
  }
  return dead;
}

const reasons = new Set<string>();

function play(seed: number): number {
  const r = generator(seed);
  const table = createTable({ profiles });
  let at = 0;
  let deadHands = 0;
  const send = (input: Record<string, unknown>, after = 100): EngineEvent[] => {
    at += after;
    const events = table.apply({ at, ...input });
    for (const e of events) if (e.type === 'hand.dead') reasons.add(e.reason);
    if (input.name === 'remove-player' && events.some((e) => e.type === 'player.removed')) reasons.add('removed');
    deadHands += check(table.save() as unknown as State, `seed ${seed} at ${at} ${JSON.stringify(input)}`);
    return events;
  };
  const rules = {
    chips: { mode: 'tracked' },
    shotClock: { enabled: true, seconds: 20, timeBanks: 0, extensionSeconds: 30, checkWhenFree: false },
  };
  send({ type: 'command', name: 'setup', seats: 6, profile: 'tda', rules }, 0);
  const seatAll = () => {
    for (let seat = 1; seat <= 6; seat++) {
      send({ type: 'command', name: 'seat-player', seat, player: `P${seat}` }, 0);
      send({ type: 'command', name: 'set-stack', seat, chips: r.int(4, 40) * 25 }, 0);
    }
  };
  seatAll();
  send({ type: 'command', name: 'levels-start', levels: [{ smallBlind: 25, bigBlind: 50, ante: 10, minutes: 600 }] });
  for (let hand = 0; hand < 12; hand++) {
    // before the deal: some seats away (absent at the deal's end), one penalised now and then
    for (let seat = 1; seat <= 6; seat++) send({ type: 'seat', seat, occupied: r.next() < 0.8 }, 0);
    if (r.next() < 0.3) send({ type: 'command', name: 'penalty', seat: r.int(1, 6), rounds: 1 }, 0);
    send({ type: 'tick' }, 1000);
    const started = send({ type: 'shuffle' });
    if (started[0]?.type !== 'hand.started') {
      seatAll(); // too few players left: seat everyone again
      continue;
    }
    const deck = [...DECK].sort(() => r.next() - 0.5);
    let ended = false;
    let minRaiseTo: number | null = null;
    for (let step = 0; step < 400 && !ended; step++) {
      const snap = table.snapshot();
      const u = r.next();
      let events: EngineEvent[];
      if (u < 0.04) events = send({ type: 'command', name: 'remove-player', seat: r.int(1, 6) });
      else if (!snap.onAction) events = send({ type: 'card', card: deck.pop()! });
      else if (u < 0.12)
        events = send({ type: 'tick' }, 21_000); // the shot clock runs out: a dead hand
      else {
        const button = ['fold', 'call', 'call', 'check', 'raise', 'allin'][r.int(0, 5)]!;
        const to = (minRaiseTo ?? 50) + r.int(0, 3) * 25;
        events = send({ type: 'panel', button, ...(button === 'raise' ? { to } : {}) });
        if (events.some((e) => e.type === 'request.rejected')) events = send({ type: 'panel', button: 'fold' });
      }
      for (const e of events) if (e.type === 'action.on') minRaiseTo = e.minRaiseTo ?? null;
      ended = events.some((e) => e.type === 'hand.ended');
    }
    expect(ended, `seed ${seed} hand ${hand} ended`).toBe(true);
  }
  return deadHands;
}

describe('R-CHIPS-DETAILS: seats out of the hand outside a chips action are dead hands for the pots at once', () => {
  test('random chips hands with absent, penalised, clocked-out and removed seats', () => {
    let deadHands = 0;
    for (let seed = 1; seed <= 12; seed++) deadHands += play(seed);
    // the generator does reach every exit: many states with dead hands were checked
    expect(deadHands).toBeGreaterThan(100);
    expect([...reasons].sort()).toEqual(['absent', 'penalty', 'removed', 'shot-clock']);
  });
});
