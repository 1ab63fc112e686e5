// R-CHIPS-ADD at the table (src/domain/chips/add-chips.ts): `add-chips` adds to a stack (a rebuy, an add-on: BFP 18 "sans
// louper aucune main … les jetons correspondant sont considérés être immédiatement devant lui"): at once between
// hands; during a hand at its end, after the pots and before the busts, so the player misses no hand and is not
// knocked out by the hand during which the rebuy was taken.
import { describe, expect, test } from 'vitest';
import { scenario, type Scenario } from '../../helpers/scenario.ts';

const TRACKED = { chips: { mode: 'tracked' } };
const LEVELS = { type: 'command', name: 'levels-start', levels: [{ smallBlind: 50, bigBlind: 100, minutes: 20 }] };
const add = (seat: number, chips: number) => ({ type: 'command', name: 'add-chips', seat, chips });

function tracked(players: number[], stacks: number[]): Scenario {
  const s = scenario({ players, button: players[0], rules: TRACKED });
  players.forEach((seat, i) => s.send({ type: 'command', name: 'set-stack', seat, chips: stacks[i] }, 0));
  s.send(LEVELS, 0);
  return s;
}

/** Seat 2 all in for its stack against seat 3's aces, seat 1 folded: seat 2 loses everything. */
function seat2LosesAllIn(s: Scenario): void {
  s.cards('2c', 'As', 'Ks', '7d', 'Ad', 'Kd');
  expect(s.table.snapshot().onAction).toMatchObject({ seat: 1 }); // three-handed, the button acts first
  s.send({ type: 'panel', button: 'fold' });
  s.send({ type: 'panel', button: 'allin' }); // seat 2, the small blind
  for (let on = s.table.snapshot(); on.onAction; on = s.table.snapshot())
    s.send({ type: 'panel', button: on.toCall ? 'call' : 'check' });
  s.cards('3h', '4s', '9c', 'Jd', '5h', 'Qh', '6d', '8s');
}

describe('R-CHIPS-ADD: add-chips', () => {
  test('between hands the chips are added at once: chips.added with the new stack', () => {
    const s = tracked([1, 2, 3], [1000, 400, 2000]);
    expect(s.send(add(2, 1000))).toMatchObject([
      { type: 'chips.added', seat: 2, player: 'P2', chips: 1000, stack: 1400 },
    ]);
    expect(s.table.snapshot().seatInfo[1]).toMatchObject({ stack: 1400 });
  });

  test('during a hand the chips wait for its end; a player who loses everything in it is not out', () => {
    const s = tracked([1, 2, 3], [1000, 100, 2000]);
    s.send({ type: 'shuffle' }); // button 1, small blind 2, big blind 3
    expect(s.send(add(2, 1000))).toEqual([]); // nothing yet: the hand goes on with the stack it had
    expect(s.table.snapshot().seatInfo[1]).toMatchObject({ player: 'P2' });
    seat2LosesAllIn(s);
    const types = s.types();
    expect(types).not.toContain('player.eliminated');
    expect(types.indexOf('chips.added')).toBeGreaterThan(types.lastIndexOf('pot.awarded'));
    expect(types.indexOf('chips.added')).toBeLessThan(types.lastIndexOf('hand.ended'));
    expect(s.last('chips.added')).toMatchObject({ seat: 2, chips: 1000, stack: 1000 });
    expect(s.table.snapshot().seatInfo[1]).toMatchObject({ player: 'P2', stack: 1000 });
    // the next hand deals P2 in with the chips
    const started = s.send({ type: 'shuffle' })[0] as { dealtIn: number[] };
    expect(started.dealtIn).toContain(2);
  });

  test('without a rebuy the same hand knocks the player out (the control case)', () => {
    const s = tracked([1, 2, 3], [1000, 100, 2000]);
    s.send({ type: 'shuffle' });
    seat2LosesAllIn(s);
    expect(s.last('player.eliminated')).toMatchObject({ seat: 2 });
  });

  test('refusals: an empty seat, chips not tracked, a bad amount', () => {
    const s = tracked([1, 2], [1000, 1000]);
    expect(s.send(add(5, 100))).toMatchObject([
      { type: 'request.rejected', request: 'add-chips', reason: 'seat-empty' },
    ]);
    expect(s.send(add(1, 0))).toMatchObject([{ type: 'input.rejected' }]);
    expect(s.send({ ...add(1, 100), player: 'Someone' })).toMatchObject([
      { type: 'request.rejected', reason: 'not-that-player' },
    ]);
    expect(s.send({ ...add(1, 100), player: 'P1' })).toMatchObject([{ type: 'chips.added', stack: 1100 }]);
    const off = scenario({ players: [1, 2], button: 1 });
    expect(off.send(add(1, 100))).toMatchObject([{ type: 'request.rejected', reason: 'no-chips' }]);
  });
});
