// Through the real engine (src/domain/table.ts) with the shipped profiles: what `hand.started` says.
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../src/domain/types.ts';
import { p, range } from '../helpers/positions.ts';
import { DECK, scenario, type Scenario } from '../helpers/scenario.ts';

describe('through the engine: hand.started with the shipped profiles', () => {
  type Started = { button: Seat; smallBlind: Seat | null; bigBlind: Seat; dealtIn: Seat[] };
  const started = (s: Scenario): Started => s.last('hand.started') as unknown as Started;
  /** Shuffle, deal the hole cards, everyone folds to the big blind: the hand ends and the next can start. */
  const playHand = (s: Scenario): Started => {
    s.send({ type: 'shuffle' });
    const hand = started(s);
    s.cards(...DECK.slice(0, 2 * hand.dealtIn.length));
    for (let i = 1; i < hand.dealtIn.length; i++) s.act('fold');
    expect(s.last('hand.ended')).toMatchObject({ reason: 'fold' });
    return hand;
  };
  const remove = (s: Scenario, seat: Seat) => s.send({ type: 'command', name: 'remove-player', seat });
  const seatNew = (s: Scenario, seat: Seat, player: string) =>
    s.send({ type: 'command', name: 'seat-player', seat, player });
  const shape = (h: Started) => ({ b: h.button, sb: h.smallBlind, bb: h.bigBlind, dealt: h.dealtIn });

  it('R-BB-ELIMINATED tda (dead-button): BB removed → no SB, then a dead button', () => {
    const s = scenario({ profile: 'tda', players: range(1, 6), button: 1 });
    expect(shape(playHand(s))).toEqual(p(1, 2, 3, [2, 3, 4, 5, 6, 1]));
    remove(s, 3);
    expect(shape(playHand(s))).toEqual(p(2, null, 4, [4, 5, 6, 1, 2]));
    expect(shape(playHand(s))).toEqual(p(3, 4, 5, [4, 5, 6, 1, 2]));
  });

  it('R-BB-ELIMINATED club (button-stays): BB removed → BB alone, the button deals again', () => {
    const s = scenario({ profile: 'club', players: range(1, 6), button: 1 });
    playHand(s);
    remove(s, 3);
    expect(shape(playHand(s))).toEqual(p(1, null, 4, [2, 4, 5, 6, 1]));
    expect(shape(playHand(s))).toEqual(p(2, 4, 5, [4, 5, 6, 1, 2]));
  });

  it('R-NEW-PLAYER club: a newcomer between the old blinds sits out two hands (gap + 1 extra)', () => {
    const s = scenario({ profile: 'club', players: [1, 2, 4, 5, 6], button: 1 });
    expect(shape(playHand(s))).toEqual(p(1, 2, 4, [2, 4, 5, 6, 1]));
    seatNew(s, 3, 'N3');
    expect(shape(playHand(s))).toEqual(p(2, 4, 5, [4, 5, 6, 1, 2]));
    expect(shape(playHand(s))).toEqual(p(4, 5, 6, [5, 6, 1, 2, 4]));
    expect(shape(playHand(s))).toEqual(p(5, 6, 1, [6, 1, 2, 3, 4, 5]));
  });

  it('R-HEADS-UP-START tda: from 3 to heads-up, the BB changes player; heads-up the button is the SB', () => {
    const s = scenario({ profile: 'tda', players: [1, 2, 3], button: 1 });
    playHand(s);
    remove(s, 2);
    expect(shape(playHand(s))).toEqual(p(3, 3, 1, [1, 3]));
    expect(shape(playHand(s))).toEqual(p(1, 1, 3, [3, 1]));
  });

  it("R-MISDEAL-RECOVERY: the dealer's misdeal → the same button and blinds deal again", () => {
    const s = scenario({ profile: 'tda', players: range(1, 4), button: 2 });
    s.send({ type: 'shuffle' });
    const first = shape(started(s));
    s.act('misdeal');
    expect(s.last('hand.ended')).toMatchObject({ reason: 'misdeal' });
    expect(shape(playHand(s))).toEqual(first);
    expect(shape(playHand(s))).toEqual(p(3, 4, 1, [4, 1, 2, 3]));
  });
});
