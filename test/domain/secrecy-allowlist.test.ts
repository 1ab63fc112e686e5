// Secrecy by allowlist (src/domain/secrecy.ts): every event type has a written public form, and no public form
// carries a hole or burn card. Long simulated sessions (every irregularity the virtual dealer makes, the shot clock
// on, every shipped profile) against the real engine, each event checked against the cards of its hand.
import { describe, expect, it } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import type { GameName } from '../../src/domain/games/index.ts';
import { PUBLIC_EVENT_TYPES, toPublic } from '../../src/domain/secrecy.ts';
import { createTable } from '../../src/domain/table.ts';
import type { EventType, TableEvent } from '../../src/domain/types.ts';
import { MIXED_GAMES, runSession, type MixedPart } from '../../src/sim/index.ts';
import { pushNumbered } from '../helpers/numbered-table.ts';

const profiles = loadProfiles();
const CARD = /^[2-9TJQKA][shdc]$/;

function cardsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' && CARD.test(value)) out.push(value);
  else if (Array.isArray(value)) for (const v of value) cardsIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) cardsIn(v, out);
  return out;
}

function play(
  profile: string,
  seed: number,
  hands: number,
  rules?: Record<string, unknown>,
  more: { game?: GameName; chips?: boolean; mixed?: readonly MixedPart[] } = {},
): TableEvent[] {
  const events: TableEvent[] = [];
  const options = {
    seed,
    seats: 9,
    players: 8, // a stud table deals 8 at most (R-STUD-DEAL)
    profile,
    ...more,
    irregularityRate: 0.6,
    startAt: 1_767_000_000_000,
    profiles,
  };
  runSession(
    { ...options, hands, rules, onInput: (_input, evs) => pushNumbered(events, evs) },
    createTable({ profiles }),
  );
  return events;
}

/** The cards a hand must never show in public: hole cards (a stud game's down cards; its up cards and the common card
 * are public the moment they are read, R-STUD-DEAL), burns (also a card drawn from a four-card flop, i.e. a
 * provisional flop card missing from the flop that stands). A card that went back into the stub after being shown
 * (a premature card, a redealt flop) may come out again as a burn: nothing public ties the two (docs/mqtt.md). */
function secretsOf(events: readonly TableEvent[]): Set<string> {
  const secret = new Set<string>();
  const shownThenReturned = new Set<string>();
  let provisional: string[] = [];
  const flop: string[] = []; // the flop cards read in public, also a redealt flop's
  for (const e of events) {
    if (e.type === 'card.dealt' && e.card !== null) {
      if (e.to === 'common' || e.up === true) continue;
      if (e.to !== 'board') secret.add(e.card);
      else if (e.premature) shownThenReturned.add(e.card);
      else if (e.provisional) provisional.push(e.card);
      else if (e.street === 'flop') flop.push(e.card);
    }
    if (e.type === 'board' && !e.provisional) {
      if (e.cards.length === 0) for (const c of flop) shownThenReturned.add(c); // a redealt flop goes to the stub
      for (const c of provisional) if (!e.cards.includes(c)) secret.add(c);
      if (e.cards.length > 0) provisional = [];
    }
  }
  for (const c of shownThenReturned) secret.delete(c);
  return secret;
}

describe('secrecy by allowlist', () => {
  const sessions: [string, TableEvent[]][] = [
    ['tda', play('tda', 11, 300, { shotClock: { enabled: true } })],
    ['bfp', play('bfp', 12, 200)],
    ['club', play('club', 13, 200)],
    ['robert', play('robert', 14, 300)],
    // R-HILO: the low half's fields (lowWinners, lowRank, shares' half) with chips tracked
    ['tda, omaha-hilo, chips', play('tda', 15, 200, undefined, { game: 'omaha-hilo', chips: true })],
    // R-STUD-DEAL: down cards secret, up cards and the common card public; every game of issue 21's list
    ['bfp, stud, chips', play('bfp', 16, 200, undefined, { game: 'stud', chips: true })],
    ['tda, razz', play('tda', 17, 200, undefined, { game: 'razz' })],
    ['club, stud-hilo, chips', play('club', 18, 200, undefined, { game: 'stud-hilo', chips: true })],
    ['tda, H.O.R.S.E., chips', play('tda', 19, 300, undefined, { mixed: MIXED_GAMES.horse, chips: true })],
  ];

  it.each(sessions)('%s: every event type has a public form, and none carries a hole or burn card', (_, events) => {
    const byHand = new Map<number, TableEvent[]>();
    for (const e of events) {
      expect(PUBLIC_EVENT_TYPES).toContain(e.type);
      if (e.hand !== undefined) byHand.set(e.hand, [...(byHand.get(e.hand) ?? []), e]);
      else expect(cardsIn(toPublic(e)), JSON.stringify(e)).toEqual([]); // outside a hand no card is public
    }
    expect(byHand.size).toBeGreaterThan(150);
    let hidden = 0;
    for (const hand of byHand.values()) {
      const secret = secretsOf(hand);
      for (const e of hand) {
        const shown = toPublic(e);
        expect(shown, e.type).not.toBeNull();
        const leaked = cardsIn(shown).filter((c) => secret.has(c));
        expect(leaked, JSON.stringify(e)).toEqual([]);
        if (cardsIn(e).some((c) => secret.has(c))) hidden += 1;
      }
    }
    expect(hidden).toBeGreaterThan(1000); // the sessions did carry secret cards, on the secure stream
  });

  it('the sessions cover the event types that carry cards, and the irregularities that make burns', () => {
    const seen = new Set<string>();
    for (const [, events] of sessions)
      for (const e of events) {
        seen.add(e.type);
        if (e.type === 'irregularity') seen.add(`irregularity:${e.kind}`);
        if (e.type === 'card.dealt' && e.provisional) seen.add('card.dealt:provisional');
        if (e.type === 'card.dealt' && e.premature) seen.add('card.dealt:premature');
        if (e.type === 'card.dealt' && e.up) seen.add('card.dealt:up');
        if (e.type === 'card.dealt' && e.to === 'common') seen.add('card.dealt:common');
      }
    const wanted: (EventType | string)[] = [
      'card.dealt',
      'board',
      'irregularity',
      'showdown',
      'irregularity:extra-card',
      'irregularity:exposed-card',
      'irregularity:flop-too-many',
      'card.dealt:provisional',
      'card.dealt:premature',
      'card.dealt:up',
      'bring.in',
    ];
    for (const w of wanted) expect(seen, w).toContain(w);
  });

  it('public forms: a board card stays, a hole, burn or provisional card goes, an unknown type is withheld', () => {
    const base = { seq: 1, at: 0, hand: 1 };
    const dealt = (to: 'seat' | 'burn' | 'board', provisional?: boolean): TableEvent => ({
      ...base,
      type: 'card.dealt',
      card: 'As',
      to,
      street: 'flop',
      position: 9,
      ...(provisional ? { provisional } : {}),
    });
    expect(toPublic(dealt('board'))).toMatchObject({ card: 'As' });
    expect(toPublic(dealt('seat'))).toMatchObject({ card: null });
    expect(toPublic(dealt('burn'))).toMatchObject({ card: null });
    expect(toPublic(dealt('board', true))).toMatchObject({ card: null });
    expect(toPublic({ ...base, type: 'board', street: 'flop', cards: ['As', 'Kd', '2c'], provisional: true })).toEqual({
      ...base,
      type: 'board',
      street: 'flop',
      cards: [],
      provisional: true,
    });
    expect(toPublic({ ...base, type: 'irregularity', kind: 'extra-card', card: 'As', remedy: 'r' })).toMatchObject({
      card: null,
    });
    // R-CARD-PLACE: where, never which card
    const seen = { expected: { to: 'seat', seat: 3 }, seen: { place: 'seat', seat: 4 } };
    expect(toPublic({ ...base, type: 'card.misplaced', card: 'As', ...seen } as TableEvent)).toEqual({
      ...base,
      type: 'card.misplaced',
      card: null,
      ...seen,
    });
    // a journal written by a newer version: no written public form, so it does not go out
    expect(toPublic({ ...base, type: 'card.teleported', card: 'As' } as unknown as TableEvent)).toBeNull();
    expect(toPublic({ ...base, type: 'toString' } as unknown as TableEvent)).toBeNull();
  });
});
