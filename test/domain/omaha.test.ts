// R-GAME: Omaha deals four hole cards in four rounds and every count over the hole cards follows (reads 1 … 4N, the
// extra card 4N + 1, R-EXPOSED-TWO's deal); a hand is exactly two hole cards and three board cards.
import { describe, expect, test } from 'vitest';
import { cardCode, nameOf } from '../../src/domain/evaluator/high.ts';
import { scoreOmaha } from '../../src/domain/evaluator/omaha.ts';
import { DECK, scenario } from '../helpers/scenario.ts';

/** Four players, button 1: dealt 2, 3, 4, 1 (four rounds); UTG is seat 4. */
function omaha(extra: Parameters<typeof scenario>[0] = {}) {
  const s = scenario({ players: [1, 2, 3, 4], button: 1, game: 'omaha', ...extra });
  s.send({ type: 'shuffle' });
  return s;
}

const dealtTo = (evs: ReturnType<ReturnType<typeof scenario>['send']>) =>
  evs.filter((e) => e.type === 'card.dealt').map((e) => (e as { to: string; seat?: number }).seat ?? e.to);

describe('Omaha counts (R-GAME)', () => {
  test('the deal is reads 1 … 4N, one card a round in dealing order; the action starts after read 4N', () => {
    const s = omaha();
    const evs = s.cards(...DECK.slice(0, 15));
    expect(dealtTo(evs)).toEqual([2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4]);
    expect(s.all('action.on')).toEqual([]); // read 8 (2N) is no end of the deal in Omaha
    const last = s.cards(DECK[15]!);
    expect(last[0]).toMatchObject({ type: 'card.dealt', to: 'seat', seat: 1, position: 16 });
    expect(last[1]).toMatchObject({ type: 'action.on', seat: 4, street: 'preflop' });
    expect(s.table.snapshot()).toMatchObject({ game: 'omaha', phase: 'betting' });
  });

  test('R-AT-YOUR-SEAT: an absent seat is dead at read 4N, not 2N', () => {
    const s = omaha({ absent: [3] });
    expect(s.types(s.cards(...DECK.slice(0, 8)))).toEqual(Array(8).fill('card.dealt'));
    const evs = s.cards(...DECK.slice(8, 16));
    expect(evs.find((e) => e.type === 'hand.dead')).toMatchObject({ seat: 3, reason: 'absent' });
  });

  test('R-EXTRA-CARD: read 4N + 1 before the first action is the burn; a second is a misdeal', () => {
    const s = omaha();
    s.cards(...DECK.slice(0, 16));
    const extra = s.cards(DECK[16]!);
    expect(extra[0]).toMatchObject({ type: 'card.dealt', to: 'burn', street: 'flop', position: 17 });
    expect(extra[1]).toMatchObject({ type: 'irregularity', kind: 'extra-card' });
    expect(s.cards(DECK[17]!)[0]).toMatchObject({ type: 'misdeal', reason: 'extra-cards' });
  });

  test('R-EXPOSED-EARLY: positions stay as the profile lists them (1 and 2 under tda), not 1 … 4', () => {
    const early = omaha();
    early.cards(...DECK.slice(0, 2));
    expect(early.send({ type: 'panel', button: 'exposed' })[0]).toMatchObject({ reason: 'exposed-early' });
    const later = omaha();
    later.cards(...DECK.slice(0, 3));
    expect(later.send({ type: 'panel', button: 'exposed' })[0]).toMatchObject({ kind: 'exposed-card', seat: 4 });
  });

  test('R-EXPOSED-LATE then R-EXPOSED-TWO: the deal runs to read 4N; the replacement is read 4N + 1', () => {
    const s = omaha();
    s.cards(...DECK.slice(0, 10));
    s.send({ type: 'panel', button: 'exposed', card: DECK[9] }); // seat 3's third card
    s.cards(...DECK.slice(10, 16));
    const [replacement] = s.cards(DECK[16]!);
    expect(replacement).toMatchObject({ type: 'card.dealt', to: 'seat', seat: 3, position: 17 });
    const two = omaha();
    two.cards(...DECK.slice(0, 15));
    two.send({ type: 'panel', button: 'exposed', card: DECK[9] });
    // read 15 lies beyond 2N: in hold'em it would be no hole card at all
    expect(two.send({ type: 'panel', button: 'exposed', card: DECK[14] })[0]).toMatchObject({ reason: 'exposed-two' });
  });

  test('setup.game: refused when unknown; a new game applies from the next hand; snapshot shows it', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1 });
    expect(s.table.snapshot().game).toBe('holdem');
    const bad = s.send({ type: 'command', name: 'setup', seats: 6, profile: 'tda', game: 'badugi' });
    expect(bad[0]).toMatchObject({ type: 'input.rejected' });
    s.send({ type: 'shuffle' });
    const during = s.send({ type: 'command', name: 'setup', seats: 6, profile: 'tda', game: 'omaha' });
    expect(during[0]).toMatchObject({ type: 'request.rejected', reason: 'hand-in-progress' });
    s.cards(...DECK.slice(0, 8)); // hold'em: read 8 ends the deal
    expect(s.last('action.on')).toMatchObject({ seat: 4 });
    s.act('fold', 'fold', 'fold');
    s.send({ type: 'command', name: 'setup', seats: 6, profile: 'tda', game: 'omaha' });
    expect(s.table.snapshot().game).toBe('omaha');
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 8));
    expect(s.table.snapshot().phase).toBe('dealing');
  });
});

describe('Omaha showdown: exactly two hole cards and three board cards', () => {
  const codes = (cards: string) => cards.split(' ').map(cardCode);

  test.each([
    ['As 3c 3d 7h', '2s 5s 8s Js Kd', 'Pair of Threes'], // one spade in hand: no flush on a four-flush board
    ['2c 2d 3h 4h', 'Ah Ks Qd Jc Ts', 'Pair of Twos'], // the board's straight needs three of its five
    ['4c 6d 7c Td', '2s 5s 8s Js Kd', 'High Card, King'], // 4-5-6-7-8 would take three hole cards
    ['Ts 9s 3c 4d', 'As Ks Qs 2d 2h', 'Flush, Ace high'],
    ['Ah Ad Kc Kd', 'Ac Ks 7d 7h 2c', 'Full House, Aces over Sevens'],
  ])('%s on %s → %s', (hole, board, name) => {
    expect(nameOf(scoreOmaha(codes(hole), codes(board)))).toBe(name);
  });

  test('a hand played to the river: the best two-plus-three hand wins, a board flush does not count', () => {
    const s = omaha();
    // rounds of 2, 3, 4, 1: seat 2 As 3c 3d 7h, seat 3 Qh Qc 4h 6c, seat 4 9c 9d Th 2h, seat 1 4c 6d 7c Td
    s.cards(...'As Qh 9c 4c 3c Qc 9d 6d 3d 4h Th 7c 7h 6c 2h Td'.split(' '));
    s.act('call', 'call', 'call', 'check');
    s.cards('2c', '2s', '5s', '8s');
    s.act('check', 'check', 'check', 'check');
    s.cards('3h', 'Js');
    s.act('check', 'check', 'check', 'check');
    s.cards('4s', 'Kd');
    s.act('check', 'check', 'check', 'check');
    expect(s.last('showdown')).toMatchObject({ order: [2, 3, 4, 1], winners: [3], rank: 'Pair of Queens' });
    expect(s.last('hand.ended')).toMatchObject({ reason: 'showdown' });
  });
});
