// R-SUBSTANTIAL-ACTION is TDA 2024 rule 36: (A) any two actions in turn of which at least one puts chips in, or
// (B) any three actions in turn. Once it has happened the dealer's misdeal button is refused, and an exposed hole
// card is no misdeal (R-EXPOSED-EARLY, R-EXPOSED-TWO).
import { describe, expect, test } from 'vitest';
import { DECK, scenario } from '../helpers/scenario.ts';

/** `players` seated from seat 1, button 1, the deal complete. */
function dealt(players: number, rules?: Record<string, unknown>) {
  const s = scenario({ players: Array.from({ length: players }, (_, i) => i + 1), button: 1, rules });
  s.send({ type: 'shuffle' });
  s.cards(...DECK.slice(0, 2 * players));
  return s;
}

describe('R-SUBSTANTIAL-ACTION (TDA 36)', () => {
  test.each([
    // players, actions in turn, substantial
    [4, [], false],
    [4, ['call'], false],
    [4, ['raise'], false],
    [4, ['fold'], false],
    [6, ['fold', 'fold'], false], // two folds: no chips
    [4, ['fold', 'call'], true], // (A)
    [4, ['call', 'fold'], true], // (A)
    [4, ['fold', 'raise'], true], // (A)
    [4, ['call', 'call'], true], // (A)
    [2, ['call', 'check'], true], // heads-up: the button's call faces the big blind (A)
    [6, ['fold', 'fold', 'fold'], true], // (B): three actions, no chips
  ] as const)('%i players, %j: substantial %s', (players, actions, substantial) => {
    const s = dealt(players);
    s.act(...actions);
    const evs = s.act('misdeal');
    if (substantial)
      expect(evs).toEqual([
        expect.objectContaining({ type: 'request.rejected', request: 'misdeal', reason: 'substantial-action' }),
      ]);
    else expect(s.types(evs)).toEqual(['misdeal', 'hand.ended']);
  });

  test('the profile sets both counts: chipActions 3 and anyActions 4 make "fold, call" and three folds not enough', () => {
    const rules = { misdeal: { substantialAction: { chipActions: 3, anyActions: 4 } } };
    const a = dealt(6, rules);
    a.act('fold', 'call');
    expect(a.types(a.act('misdeal'))).toEqual(['misdeal', 'hand.ended']);
    const b = dealt(6, rules);
    b.act('fold', 'fold', 'fold');
    expect(b.types(b.act('misdeal'))).toEqual(['misdeal', 'hand.ended']);
    const c = dealt(6, rules);
    c.act('fold', 'fold', 'call');
    expect(c.act('misdeal')[0]).toMatchObject({ type: 'request.rejected', reason: 'substantial-action' });
  });

  test('after "fold, call" an exposed card at a misdeal position is no misdeal', () => {
    const s = dealt(4);
    s.act('fold', 'call');
    const evs = s.send({ type: 'panel', button: 'exposed', card: DECK[0] });
    expect(evs[0]).toMatchObject({ type: 'irregularity', kind: 'exposed-card' });
  });
});
