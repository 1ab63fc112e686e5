// Too many cards on a street, in every profile: R-FLOP-TOO-MANY (scramble: the card drawn is the next burn, so the
// turn comes without one; redeal: the turn comes with its burn) and R-TURN-RIVER-TOO-MANY (the read after the turn
// card is the river's burn; a second is a premature river card; a read after the river is set aside).
import { describe, expect, test } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { DECK, scenario } from '../helpers/scenario.ts';

/** Four players, button 1 (dealt 2, 3, 4, 1), pre-flop over, DECK[8] burnt, DECK[9..11] the flop. */
function toFlop(profile: string) {
  const s = scenario({ profile, players: [1, 2, 3, 4], button: 1 });
  s.send({ type: 'shuffle' });
  s.cards(...DECK.slice(0, 8));
  s.act('call', 'call', 'call', 'check');
  s.cards(...DECK.slice(8, 12));
  return s;
}

const dealtTo = (events: TableEvent[]) =>
  events.flatMap((e) => (e.type === 'card.dealt' ? [`${e.to}:${e.street}${e.premature ? ':premature' : ''}`] : []));

describe('R-FLOP-TOO-MANY: what the turn owes after a four-card flop', () => {
  test.each([
    ['tda', 'named before the flop round', true, ['board:turn']],
    ['bfp', 'named before the flop round', true, ['board:turn']],
    ['club', 'named before the flop round', true, ['board:turn']],
    ['tda', 'named after the flop round', false, ['board:turn']],
    ['club', 'named after the flop round', false, ['board:turn']],
    ['robert', 'redealt', false, ['burn:turn', 'board:turn']],
  ])('%s, burn %s: the turn reads are %j', (profile, _, nameFirst, turn) => {
    const s = toFlop(profile);
    s.cards(DECK[12]!); // the fourth flop card
    if (profile === 'robert') s.cards(DECK[20]!, DECK[21]!, DECK[22]!); // the new flop, no burn
    if (nameFirst) s.send({ type: 'panel', button: 'burn', card: DECK[10] });
    s.act('check', 'check', 'check', 'check');
    if (!nameFirst && profile !== 'robert') s.send({ type: 'panel', button: 'burn', card: DECK[10] });
    const reads = s.cards(...DECK.slice(13, 13 + turn.length));
    expect(dealtTo(reads)).toEqual(turn);
    expect(s.last('board')).toMatchObject({ street: 'turn' });
    expect((s.last('board') as { cards: string[] }).cards).toHaveLength(4);
  });
});

describe('R-TURN-RIVER-TOO-MANY (every profile)', () => {
  const profiles = ['tda', 'bfp', 'club', 'robert'];
  function toTurn(profile: string) {
    const s = toFlop(profile);
    s.act('check', 'check', 'check', 'check');
    s.cards(DECK[12]!, DECK[13]!); // burn, turn
    expect(s.last('board')).toMatchObject({ street: 'turn' });
    return s;
  }

  test.each(profiles)('%s: one read after the turn card is the river burn; the river then comes unburnt', (p) => {
    const s = toTurn(p);
    expect(dealtTo(s.cards(DECK[14]!))).toEqual(['burn:river']);
    expect(s.all('irregularity')).toEqual([]);
    s.act('check', 'check', 'check', 'check');
    expect(dealtTo(s.cards(DECK[15]!))).toEqual(['board:river']);
    expect(s.last('board')).toMatchObject({ street: 'river', cards: [...DECK.slice(9, 12), DECK[13], DECK[15]] });
  });

  test.each(profiles)('%s: a second read is a premature river card', (p) => {
    const s = toTurn(p);
    const evs = s.cards(DECK[14]!, DECK[15]!);
    expect(dealtTo(evs)).toEqual(['burn:river', 'board:river:premature']);
    expect(s.last('irregularity')).toMatchObject({ kind: 'premature-river' });
  });

  test.each(profiles)('%s: a read after the river card is set aside and the hand goes on', (p) => {
    const s = toTurn(p);
    s.act('check', 'check', 'check', 'check');
    s.cards(DECK[14]!, DECK[15]!); // burn, river
    const evs = s.cards(DECK[16]!);
    expect(evs[0]).toMatchObject({ type: 'irregularity', kind: 'read-after-river' });
    expect(s.act('check')[0]).toMatchObject({ type: 'action', action: 'check' });
  });
});
