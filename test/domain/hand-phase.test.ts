// The hand's phase as a discriminated union (state.ts HandPhase): rows of {given inputs, expect phase}. Each phase
// holds only its own data: the reads a street still owes, the open round with its seat on action, clocks and
// premature reads; a round that ends takes its clocks with it.
import { describe, expect, test } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import type { State } from '../../src/domain/state.ts';
import { initialState, step } from '../../src/domain/table.ts';

const profiles = loadProfiles();
const DECK = [...'AKQJT98765432'].flatMap((r) => [...'shdc'].map((s) => r + s));

/** Four players, button 1 (dealt 2, 3, 4, 1; UTG 4), then `given`: a number is that many card reads from the deck,
 * a string a panel button, an object an input. */
function play(given: readonly (number | string | Record<string, unknown>)[], game = 'holdem', profile = 'tda'): State {
  const state = initialState();
  let at = 0;
  let next = 0;
  const send = (input: Record<string, unknown>) => step(state, { profiles }, { at: (at += 100), ...input });
  send({ type: 'command', name: 'setup', seats: 6, profile, game });
  for (const seat of [1, 2, 3, 4]) {
    send({ type: 'command', name: 'seat-player', seat, player: `P${seat}` });
    send({ type: 'seat', seat, occupied: true });
  }
  at += 2000;
  send({ type: 'command', name: 'set-button', seat: 1 });
  send({ type: 'shuffle' });
  for (const g of given) {
    if (typeof g === 'number') for (let i = 0; i < g; i++) send({ type: 'card', card: DECK[next++] });
    else if (typeof g === 'string') send({ type: 'panel', button: g });
    else send(g);
  }
  return state;
}

const PREFLOP = ['call', 'call', 'call', 'check'];
const CHECKS = ['check', 'check', 'check', 'check'];

describe('hand phases', () => {
  interface Row {
    name: string;
    given: (number | string | Record<string, unknown>)[];
    game?: string;
    profile?: string;
    expected: Record<string, unknown> | null;
  }
  const rows: Row[] = [
    { name: 'the shuffle: dealing', given: [], expected: { kind: 'dealing' } },
    {
      name: 'read 2N in hold’em: betting, UTG on action',
      given: [8],
      expected: { kind: 'betting', onAction: 4, premature: null },
    },
    { name: 'read 2N in Omaha: still dealing', given: [8], game: 'omaha', expected: { kind: 'dealing' } },
    { name: 'read 4N in Omaha: betting', given: [16], game: 'omaha', expected: { kind: 'betting', onAction: 4 } },
    {
      name: 'pre-flop over: the street owes burn and flop',
      given: [8, ...PREFLOP],
      expected: { kind: 'street', owed: ['burn', 'board', 'board', 'board'] },
    },
    {
      name: 'an extra card was the burn: the flop alone',
      given: [9, ...PREFLOP],
      expected: { kind: 'street', owed: ['board', 'board', 'board'] },
    },
    {
      name: 'flop out: betting on the flop',
      given: [8, ...PREFLOP, 4],
      expected: { kind: 'betting', onAction: 2, round: { street: 'flop', actions: 0 } },
    },
    {
      name: 'a premature turn read lives in the betting phase',
      given: [8, ...PREFLOP, 4, 'check', 2],
      expected: { kind: 'betting', premature: { street: 'turn', burnRead: true, cards: [DECK[13]] } },
    },
    {
      name: '…and its remedy decides the turn: no new burn under tda',
      given: [8, ...PREFLOP, 4, 'check', 2, 'check', 'check', 'check'],
      expected: { kind: 'street', owed: ['board'] },
    },
    {
      name: 'a four-card flop redealt (robert): the street owes three board cards',
      given: [8, ...PREFLOP, 5],
      profile: 'robert',
      expected: { kind: 'street', owed: ['board', 'board', 'board'] },
    },
    {
      name: 'the river over: showdown ends the hand',
      given: [8, ...PREFLOP, 4, ...CHECKS, 2, ...CHECKS, 2, ...CHECKS],
      expected: null,
    },
  ];
  test.each(rows)('$name', ({ given, game, profile, expected }) => {
    const state = play(given, game, profile);
    if (expected === null) expect(state.hand).toBeNull();
    else expect(state.hand!.phase).toMatchObject(expected);
  });

  test('a clock called on the seat on action goes with the round: the next street has none', () => {
    const state = play([8, 'call', 'call', 'call', { type: 'clock-request', by: 'dealer' }]);
    expect(state.hand!.phase).toMatchObject({ kind: 'betting', onAction: 3, clock: { seat: 3 } });
    step(state, { profiles }, { at: state.now + 100, type: 'panel', button: 'check' });
    expect(state.hand!.phase).toEqual({ kind: 'street', owed: ['burn', 'board', 'board', 'board'] });
  });
});
