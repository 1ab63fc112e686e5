// R-EXPOSED-TWO counts the exposures of the deal only: reads 1 … 2N and the replacement, i.e. `exposed` reported
// before the first pre-flop action. A hole card reported exposed later never counts towards it (it may still be a
// misdeal by R-EXPOSED-EARLY before substantial action).
import { describe, expect, test } from 'vitest';
import { DECK, scenario } from '../helpers/scenario.ts';

/** Four players, button 1 (dealt 2, 3, 4, 1): hole positions 1 … 8 are DECK[0..7]; seat 4 acts first. */
function start() {
  const s = scenario({ profile: 'tda', players: [1, 2, 3, 4], button: 1 });
  s.send({ type: 'shuffle' });
  return s;
}
const expose = (card: string) => ({ type: 'panel', button: 'exposed', card });

describe('R-EXPOSED-TWO', () => {
  test.each([
    // steps: a number n = read hole cards up to position n; 'x:i' = exposed DECK[i]; 'act' = a pre-flop call;
    // 'r' = the replacement card (DECK[8])
    ['two in the deal', [4, 'x:2', 6, 'x:4'], 'misdeal:exposed-two'],
    ['one in the deal, the replacement exposed before any action', [8, 'x:2', 'r', 'x:8'], 'misdeal:exposed-two'],
    ['one in the deal, one after the first action', [8, 'x:2', 'r', 'act', 'x:4'], 'exposed-card'],
    ['none in the deal, two after the first action', [8, 'act', 'x:4', 'x:5'], 'exposed-card'],
    ['after the first action, at an early position', [8, 'act', 'x:0'], 'misdeal:exposed-early'],
  ] as const)('%s (%j) → %s', (_, steps, outcome) => {
    const s = start();
    let read = 0;
    let last: ReturnType<typeof s.send> = [];
    for (const step of steps) {
      if (typeof step === 'number') {
        s.cards(...DECK.slice(read, step));
        read = step;
      } else if (step === 'r') s.cards(DECK[8]!);
      else if (step === 'act') s.act('call');
      else last = s.send(expose(DECK[Number(step.slice(2))]!));
    }
    const [kind, reason] = outcome.split(':');
    if (kind === 'misdeal') expect(last[0]).toMatchObject({ type: 'misdeal', reason });
    else {
      expect(last[0]).toMatchObject({ type: 'irregularity', kind: 'exposed-card' });
      expect(s.all('misdeal')).toEqual([]);
    }
  });
});
