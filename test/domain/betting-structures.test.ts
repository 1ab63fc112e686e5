// R-GAME-LIST: `setup.betting` chooses the betting structure, the game's own when absent (hold'em no-limit, Omaha
// pot-limit); any game under any structure, from one descriptor each (src/domain/games/betting.ts).
import { describe, expect, test } from 'vitest';
import { scenario, DECK } from '../helpers/scenario.ts';

const LEVELS = { type: 'command', name: 'levels-start', levels: [{ smallBlind: 50, bigBlind: 100, minutes: 20 }] };

/** Three players with 10,000 each, chips tracked, button 1; the deal done, seat 1 (left of the big blind) on action. */
function dealt(game: 'holdem' | 'omaha', betting?: 'no-limit' | 'pot-limit') {
  const s = scenario({ players: [1, 2, 3], button: 1, game, betting, rules: { chips: { mode: 'tracked' } } });
  for (const seat of [1, 2, 3]) s.send({ type: 'command', name: 'set-stack', seat, chips: 10_000 }, 0);
  s.send(LEVELS, 0);
  s.send({ type: 'shuffle' });
  s.cards(...DECK.slice(0, game === 'omaha' ? 12 : 6));
  return s;
}

describe('R-GAME-LIST: the betting structure is the table setup, the game only gives its default', () => {
  test("hold'em defaults to no-limit: action.on carries no maxRaiseTo, a raise beyond the pot stands", () => {
    const s = dealt('holdem');
    expect(s.last('action.on')).toEqual(expect.not.objectContaining({ maxRaiseTo: expect.anything() }));
    const evs = s.send({ type: 'panel', button: 'raise', to: 5000 });
    expect(evs.find((e) => e.type === 'bet.placed')).toMatchObject({ seat: 1, to: 5000 });
  });

  test('Omaha defaults to pot-limit: maxRaiseTo is the pot limit, a larger to is corrected (R-GAME)', () => {
    const s = dealt('omaha');
    // pot after the call: 50 + 100 + 100 called = 250, plus the current bet 100: 350
    expect(s.last('action.on')).toMatchObject({ seat: 1, toCall: 100, minRaiseTo: 200, maxRaiseTo: 350 });
    const evs = s.send({ type: 'panel', button: 'raise', to: 5000 });
    expect(evs[0]).toMatchObject({ type: 'bet.corrected', from: 5000, to: 350, rule: 'R-GAME' });
  });

  test("pot-limit hold'em: the same pot limit, from setup.betting alone", () => {
    const s = dealt('holdem', 'pot-limit');
    expect(s.last('action.on')).toMatchObject({ seat: 1, maxRaiseTo: 350 });
    const evs = s.send({ type: 'panel', button: 'raise', to: 5000 });
    expect(evs[0]).toMatchObject({ type: 'bet.corrected', from: 5000, to: 350, rule: 'R-GAME' });
  });

  test('no-limit Omaha: four hole cards, and no pot limit', () => {
    const s = dealt('omaha', 'no-limit');
    expect(s.all('card.dealt')).toHaveLength(12);
    expect(s.last('action.on')).toEqual(expect.not.objectContaining({ maxRaiseTo: expect.anything() }));
    const evs = s.send({ type: 'panel', button: 'raise', to: 5000 });
    expect(evs.map((e) => e.type)).toEqual(['action', 'bet.placed', 'action.on']);
    expect(evs[1]).toMatchObject({ seat: 1, to: 5000 });
  });

  test('an unknown structure or game is refused with a sentence, and the table keeps its setup', () => {
    const s = scenario({ players: [1, 2] });
    const bad = s.send({ type: 'command', name: 'setup', seats: 6, profile: 'tda', betting: 'spread-limit' });
    expect(bad).toMatchObject([{ type: 'input.rejected' }]);
    expect((bad[0] as { reason: string }).reason).toBe(
      'setup: the betting structure must be no-limit, pot-limit or limit, not "spread-limit"',
    );
    const game = s.send({ type: 'command', name: 'setup', seats: 6, profile: 'tda', game: 'badugi' });
    expect((game[0] as { reason: string }).reason).toBe(
      'setup: this table deals holdem, omaha, omaha-hilo, stud, stud-hilo or razz, not "badugi"',
    );
    expect(s.send({ type: 'shuffle' })[0]).toMatchObject({ type: 'hand.started' });
  });
});
