// R-FLOP-TOO-MANY under `scramble`: any of four flop cards may be drawn as the burn, so no flop card is public until
// the flop stands (its first action, its round over, or the burn named), and then only the three that stay. The
// engine marks the cards and the board `provisional`; toPublic (what every public topic carries) hides them; the
// full stream keeps every card. Also the other reads that turn out to be burns (docs/mqtt.md, Secrecy).
import { describe, expect, test } from 'vitest';
import { toPublic } from '../../src/domain/secrecy.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import { DECK, scenario, type Scenario } from '../helpers/scenario.ts';

/** Four players, button 1: dealt 2, 3, 4, 1; hole cards DECK[0..7]; pre-flop betting over; DECK[8] is the burn. */
function toFlop(profile = 'tda', preflop = ['call', 'call', 'call', 'check']): Scenario {
  const s = scenario({ profile, players: [1, 2, 3, 4], button: 1 });
  s.send({ type: 'shuffle' });
  s.cards(...DECK.slice(0, 8));
  s.act(...preflop);
  s.cards(DECK[8]!);
  return s;
}

const CARD = /^[2-9TJQKA][shdc]$/;
/** Every card identity in a value (any field, any depth). */
function cardsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' && CARD.test(value)) out.push(value);
  else if (Array.isArray(value)) for (const v of value) cardsIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) cardsIn(v, out);
  return out;
}
const publicCards = (events: TableEvent[]) => cardsIn(events.map(toPublic));
const kinds = (events: TableEvent[]) =>
  events.map((e) =>
    e.type === 'card.dealt'
      ? `card.dealt:${e.to}${e.provisional ? ':provisional' : ''}`
      : e.type === 'board'
        ? `board:${e.street}:${e.cards.length}${e.provisional ? ':provisional' : ''}`
        : e.type,
  );

describe('a flop under scramble is public only once it stands', () => {
  test('the three flop reads and their board are provisional; the first flop action shows the board', () => {
    const s = toFlop();
    const flop = s.cards(...DECK.slice(9, 12));
    expect(kinds(flop)).toEqual([
      'card.dealt:board:provisional',
      'card.dealt:board:provisional',
      'card.dealt:board:provisional',
      'board:flop:3:provisional',
      'action.on',
    ]);
    // the full stream has every card; the public form none, and the state topic shows no board yet
    expect(cardsIn(flop)).toEqual([...DECK.slice(9, 12), ...DECK.slice(9, 12)]);
    expect(publicCards(flop)).toEqual([]);
    expect(toPublic(flop[3]!)).toMatchObject({ type: 'board', cards: [], provisional: true });
    expect(s.table.snapshot()).toMatchObject({ street: 'flop', board: [], boardSize: 0 });

    const first = s.act('check');
    expect(kinds(first)).toEqual(['board:flop:3', 'action', 'action.on']);
    expect(publicCards(first)).toEqual(DECK.slice(9, 12));
    expect(s.table.snapshot()).toMatchObject({ board: DECK.slice(9, 12), boardSize: 3 });
    // a read now is a premature turn: its first card is the burn, secret as always
    expect(kinds(s.cards(DECK[12]!))).toEqual(['card.dealt:burn']);
  });

  test.each([1, 2, 3, 4])('four cards, card %i of the four named as the burn: it is never public', (nth) => {
    const s = toFlop();
    const four = DECK.slice(9, 13);
    const burn = four[nth - 1]!;
    const before = [...s.cards(...four.slice(0, 3)), ...s.cards(four[3]!)];
    expect(kinds(before).slice(-2)).toEqual(['card.dealt:board:provisional', 'irregularity']);
    expect(publicCards(before)).toEqual([]);
    expect(s.table.snapshot()).toMatchObject({ board: [] });

    const named = s.send({ type: 'panel', button: 'burn', card: burn });
    const stay = four.filter((c) => c !== burn);
    expect(named).toEqual([expect.objectContaining({ type: 'board', street: 'flop', cards: stay })]);
    expect(named[0]).not.toHaveProperty('provisional');
    expect(publicCards(named)).toEqual(stay);
    expect(publicCards(s.events)).not.toContain(burn);
    expect(s.table.snapshot()).toMatchObject({ board: stay });

    // R-FLOP-TOO-MANY: the drawn card was the turn's burn, so the turn comes without one
    s.act('check', 'check', 'check', 'check');
    const turn = s.cards(DECK[13]!);
    expect(turn[0]).toMatchObject({ type: 'card.dealt', to: 'board', street: 'turn', card: DECK[13] });
    expect(s.last('board')).toMatchObject({ street: 'turn', cards: [...stay, DECK[13]] });
  });

  test('actions before the burn is named do not show the four; the burn named after the flop round still counts', () => {
    const s = toFlop();
    s.cards(...DECK.slice(9, 13));
    const acted = s.act('check', 'check', 'check', 'check');
    expect(acted.filter((e) => e.type === 'board')).toEqual([]);
    expect(publicCards(s.events)).toEqual([]);
    const named = s.send({ type: 'panel', button: 'burn', card: DECK[9] });
    expect(named[0]).toMatchObject({ type: 'board', cards: DECK.slice(10, 13) });
    const turn = s.cards(DECK[13]!);
    expect(turn[0]).toMatchObject({ type: 'card.dealt', to: 'board', street: 'turn' });
  });

  test('a flop that runs out once its last card is read (a bettor left meanwhile) is shown before the turn', () => {
    // seat 4 all-in, seats 1 and 2 call, 3 folds: two can still bet when the flop starts
    const s = toFlop('tda', ['allin', 'call', 'call', 'fold']);
    s.cards(...DECK.slice(9, 11));
    s.send({ type: 'command', name: 'remove-player', seat: 2 });
    const last = s.cards(DECK[11]!);
    expect(kinds(last)).toEqual([
      'card.dealt:board:provisional',
      'board:flop:3:provisional',
      'hands.exposed',
      'board:flop:3',
    ]);
    expect(publicCards(s.events)).toEqual(DECK.slice(9, 12));
    // the turn is owed now: a read is its burn
    expect(kinds(s.cards(DECK[12]!))).toEqual(['card.dealt:burn']);
  });

  test('a flop dealt while the board runs out (no more betting) is public at once', () => {
    const s = toFlop('tda', ['allin', 'allin', 'allin', 'call']);
    expect(s.all('hands.exposed')).toHaveLength(1);
    const flop = s.cards(...DECK.slice(9, 12));
    expect(flop.some((e) => e.type === 'card.dealt' && e.provisional)).toBe(false);
    expect(publicCards(flop)).toEqual([...DECK.slice(9, 12), ...DECK.slice(9, 12)]);
  });

  test.each(['robert'])('%s (redeal): no flop card can become a burn, so the flop is public at once', (profile) => {
    const s = toFlop(profile);
    const flop = s.cards(...DECK.slice(9, 13));
    expect(flop.some((e) => 'provisional' in e)).toBe(false);
    expect(publicCards(flop)).toContain(DECK[12]);
  });
});

describe('other reads that are, or become, burns are never public', () => {
  test.each([
    ['extra card after the deal', (s: Scenario) => s.cards(DECK[8]!)],
    ['premature flop: its first read', (s: Scenario) => (s.act('call'), s.cards(DECK[8]!, DECK[9]!))],
  ])('%s', (_, play) => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 8));
    const evs = play(s);
    expect(evs[0]).toMatchObject({ type: 'card.dealt', to: 'burn', card: DECK[8] });
    expect(publicCards(s.events)).not.toContain(DECK[8]);
  });

  test('too many cards on the turn: the read after the turn card is the river burn, and stays secret', () => {
    const s = toFlop();
    s.cards(...DECK.slice(9, 12));
    s.act('check', 'check', 'check', 'check');
    s.cards(DECK[12]!, DECK[13]!);
    const early = s.cards(DECK[14]!);
    expect(early[0]).toMatchObject({ type: 'card.dealt', to: 'burn', street: 'river', card: DECK[14] });
    s.act('check', 'check', 'check', 'check');
    expect(s.cards(DECK[15]!)[0]).toMatchObject({ to: 'board', street: 'river' });
    const secret = [...DECK.slice(0, 9), DECK[12]!, DECK[14]!];
    expect(publicCards(s.events).filter((c) => secret.includes(c))).toEqual([]);
  });
});
