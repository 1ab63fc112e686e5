// The terminal summary: a few lines redrawn in place on a TTY, one line per hand in a pipe.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createSummary, describeNotable } from '../../src/app/summary.ts';
import type { TableSnapshot } from '../../src/domain/snapshot/types.ts';
import type { TableEvent } from '../../src/domain/types.ts';

function terminal(isTTY: boolean) {
  let text = '';
  const out = Object.assign(
    new Writable({
      write(chunk, _e, cb) {
        text += String(chunk);
        cb();
      },
    }),
    { isTTY },
  );
  return { out, text: () => text };
}

const snap = {
  level: {
    level: 2,
    isBreak: false,
    smallBlind: 150,
    bigBlind: 300,
    ante: 25,
    endsAt: 0,
    remainingMs: 0,
    paused: false,
    next: null,
  },
} as unknown as TableSnapshot;
let seq = 0;
const ev = (body: Record<string, unknown>): TableEvent => ({ seq: ++seq, at: seq, ...body }) as TableEvent;

describe('terminal summary', () => {
  it('names a misplaced card by where it was seen and dealt, never by the card (R-CARD-PLACE)', () => {
    const seen = (expected: object | null, where: object) =>
      describeNotable(ev({ type: 'card.misplaced', hand: 4, card: 'As', expected, seen: where }));
    expect(seen({ to: 'seat', seat: 3 }, { place: 'seat', seat: 5 })).toBe(
      '#4 misplaced card at seat 5 (dealt to seat 3)',
    );
    expect(seen({ to: 'burn' }, { place: 'board' })).toBe('#4 misplaced card on the board (a burn card)');
    expect(seen(null, { place: 'muck' })).toBe('#4 misplaced card in the muck (not dealt in this hand)');
  });

  it('in a pipe: the header, then one line per hand with the count, level and last showdown', () => {
    const t = terminal(false);
    const s = createSummary({ out: t.out, header: ['pokertable: simulated table'] });
    s.update(
      [
        ev({ type: 'hand.started', hand: 1 }),
        ev({ type: 'irregularity', hand: 1, kind: 'exposed-card', remedy: 'burn it' }),
      ],
      snap,
    );
    expect(t.text()).toBe('pokertable: simulated table\n');
    s.update(
      [
        ev({ type: 'showdown', hand: 1, order: [2, 5], winners: [5], rank: 'Pair of Aces' }),
        ev({ type: 'hand.ended', hand: 1, reason: 'showdown' }),
      ],
      snap,
    );
    expect(t.text().split('\n')[1]).toBe(
      'hands played 1 · hand 1 · level 2: 150/300 ante 25 · irregularities 1 · misdeals 0 · dead hands 0 · last showdown: seat 5 won, Pair of Aces',
    );
  });

  it('a hi-lo showdown: the low half beside the high one, or "no low"', () => {
    const t = terminal(false);
    const s = createSummary({ out: t.out, header: ['h'] });
    const hand = (n: number, low: number[], lowRank: string | null) => [
      ev({ type: 'hand.started', hand: n }),
      ev({ type: 'showdown', hand: n, order: [2, 5], winners: [5], rank: 'Flush, Ace high', lowWinners: low, lowRank }),
      ev({ type: 'hand.ended', hand: n, reason: 'showdown' }),
    ];
    s.update(hand(1, [2, 5], '7-5-3-2-A'), snap);
    s.update(hand(2, [], null), snap);
    const lines = t.text().split('\n');
    expect(lines[1]).toMatch(/last showdown: seat 5 won, Flush, Ace high; low seats 2,5, 7-5-3-2-A$/);
    expect(lines[2]).toMatch(/last showdown: seat 5 won, Flush, Ace high; no low$/);
  });

  it('on a TTY: redraws the same few lines in place (cursor up, clear), keeping the last three notable events', async () => {
    const t = terminal(true);
    const s = createSummary({ out: t.out, header: ['header'] });
    for (let hand = 1; hand <= 20; hand++) {
      s.update(
        [
          ev({ type: 'hand.started', hand }),
          ev({ type: 'hand.dead', hand, seat: (hand % 9) + 1, reason: 'absent' }),
          ev({ type: 'hand.ended', hand, reason: 'fold' }),
        ],
        snap,
      );
    }
    await new Promise((r) => setTimeout(r, 300)); // the redraw is throttled
    s.close();
    const text = t.text();
    const frames = text.split('\x1b[J').slice(1);
    // Twenty hands, far fewer redraws, each the same five lines.
    expect(frames.length).toBeLessThan(5);
    const last = frames.at(-1)!.split('\n').filter(Boolean);
    expect(last).toHaveLength(5);
    expect(last[0]).toBe('hands played 20 · hand 20 · level 2: 150/300 ante 25');
    expect(last.slice(2)).toEqual([
      '  #18 seat 1 hand dead (absent)',
      '  #19 seat 2 hand dead (absent)',
      '  #20 seat 3 hand dead (absent)',
    ]);
    expect(text).toContain('\x1b[5A');
  });
});

describe('terminal summary: the level line (R-STUD-BRING-IN, R-BET-LIMIT)', () => {
  const line = (level: Record<string, unknown>) => {
    const t = terminal(false);
    const summary = createSummary({ out: t.out, header: [] });
    const snapshot = { level: { ...snap.level, ...level } } as unknown as TableSnapshot;
    summary.update([ev({ type: 'hand.started', hand: 1 }), ev({ type: 'hand.ended', hand: 1 })], snapshot);
    return t.text().split(' · irregularities')[0];
  };

  it('a stud level shows its ante and bring-in, and its bets under limit, not blinds', () => {
    expect(line({ smallBlind: null, bigBlind: null, ante: 5, bringIn: 10, smallBet: 20, bigBet: 40 })).toBe(
      'hands played 1 · hand 1 · level 2: ante 5, bring-in 10, bets 20/40',
    );
    expect(line({ ante: 5, bringIn: 10 })).toBe('hands played 1 · hand 1 · level 2: ante 5, bring-in 10');
  });

  it("a limit hold'em level shows its blinds and its bets", () => {
    expect(line({ smallBet: 300, bigBet: 600 })).toBe(
      'hands played 1 · hand 1 · level 2: 150/300 ante 25, bets 300/600',
    );
  });
});
