// R-PENALTY: a penalty given during a hand starts with the next hand (BFP 31): the hand under way is neither dead
// nor counted. R-PENALTY-LADDER: `violation` carries `fault` and `sanction` only with a ladder.
import { describe, expect, test } from 'vitest';
import { DECK, scenario } from '../helpers/scenario.ts';

const penalty = { type: 'command', name: 'penalty', seat: 2, rounds: 1 };

describe('R-PENALTY starts with the next hand', () => {
  test.each([
    ['between hands', 0],
    ['during the deal', 3],
    ['after the deal', 6],
  ])('given %s: the next three hands are dead, not the hand under way', (_, readsBefore) => {
    const s = scenario({ players: [1, 2, 3], button: 1 });
    if (readsBefore === 0) s.send(penalty);
    s.send({ type: 'shuffle' }); // hand 1
    s.cards(...DECK.slice(0, readsBefore));
    if (readsBefore > 0) expect(s.send(penalty)[0]).toMatchObject({ type: 'penalty.started', seat: 2, hands: 3 });
    s.cards(...DECK.slice(readsBefore, 6));
    while (s.table.snapshot().hand !== null) s.act('fold');
    const dead = () => s.all('hand.dead').map((e) => e.hand);
    const first = readsBefore === 0 ? 1 : 2;
    if (readsBefore > 0) expect(dead()).toEqual([]);
    expect(s.all('penalty.ended')).toEqual([]);
    for (let h = 2; h <= first + 2; h++) {
      s.send({ type: 'shuffle' });
      s.cards(...DECK.slice(0, 6));
      while (s.table.snapshot().hand !== null) s.act('fold');
    }
    expect(dead()).toEqual([first, first + 1, first + 2]);
    const lastHand = s.all('hand.ended').find((e) => e.hand === first + 2)!;
    expect(s.all('penalty.ended')).toEqual([expect.objectContaining({ seat: 2, hands: 3, seq: lastHand.seq + 1 })]);
  });
});

describe('R-PENALTY-LADDER in the violation event', () => {
  test.each([
    ['tda', {}],
    ['club', { fault: 1, sanction: 'warning' }],
  ])('%s: %j', (profile, extra) => {
    const s = scenario({ profile, players: [1, 2, 3], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    s.send({ type: 'seat', seat: 1, occupied: false });
    s.send({ type: 'tick' }, 2000);
    const { seq: _s, at: _a, hand: _h, ...body } = s.last('violation')!;
    expect(body).toEqual({ type: 'violation', seat: 1, rule: 'R-STAY-SEATED', message: expect.any(String), ...extra });
  });
});
