// R-HAND-START: a hand begins at the shuffle; whatever was decided "for the next hand" takes effect now.
import type { Ctx } from '../context.ts';
import { shuffleRefusal, startChips } from './chips.ts';
import { levelGame } from '../levels/check.ts';
import { levelInForce } from '../levels/room-level.ts';
import { gameOf } from '../games/index.ts';
import { planHand } from '../positions/positions.ts';
import { buttonlessPlan } from './stud.ts';
import { zeros, type HandState } from '../state.ts';
import type { Card, Seat } from '../types.ts';

function emptyLists(n: number): Card[][] {
  const lists: Card[][] = [];
  for (let i = 0; i < n; i++) lists.push([]);
  return lists;
}

export function startHand(ctx: Ctx): void {
  const state = ctx.state;
  const setup = state.setup!;
  if (state.hand) return ctx.reject('shuffle', 'hand-in-progress');
  const refusal = shuffleRefusal(state); // R-CHIPS-TRACKED
  if (refusal) return ctx.reject('shuffle', refusal);
  const players = new Map<Seat, string>();
  for (const s of state.seats) if (s.player !== null) players.set(s.seat, s.player);
  const level = state.levelForNextHand;
  const played = levelGame(levelInForce(state, level), setup); // R-GAME-MIXED: the level's game, else the table's
  const game = gameOf(played.game);
  const blinds = game.forcedBets === 'blinds';
  // R-STUD-DEAL: no button in stud, every seated player dealt in; the button stays where the last flop hand left it
  const planned = blinds ? planHand(state.positions, players, setup.seats, setup.profile) : null;
  const plan = planned ? planned.plan : blinds ? null : buttonlessPlan(players);
  if (!plan || plan.dealtIn.length < 2) return ctx.reject('shuffle', 'not-enough-players');
  if (game.maxPlayers !== null && plan.dealtIn.length > game.maxPlayers)
    return ctx.reject('shuffle', 'too-many-players');
  // a stud hand moves no button, so a misdeal of it has nothing to take back (R-MISDEAL-RECOVERY)
  state.positions = planned ? planned.memory : { ...state.positions, undo: null };
  const shot = setup.profile.shotClock;
  if (shot.bankReset === 'level' && level !== state.bankLevel) {
    for (const s of state.seats) s.timeBanks = shot.timeBanks;
  }
  state.bankLevel = level;
  state.hands += 1;
  state.halted = false;
  state.lastPlan = plan;
  const hand: HandState = {
    number: state.hands,
    game: played.game,
    betting: played.betting,
    plan,
    level,
    phase: { kind: 'dealing' },
    reads: 0,
    lastCard: null,
    holeCards: emptyLists(setup.seats + 1),
    upCards: emptyLists(setup.seats + 1),
    holeSeat: new Uint8Array(52),
    holePosition: new Uint8Array(52),
    out: new Uint8Array(52),
    board: [],
    flags: zeros(setup.seats + 1),
    exposed: new Set(),
    dealExposures: 0,
    owedReplacement: [],
    extraCards: 0,
    burnServed: false,
    street: game.firstStreet,
    setAside: null,
    scramble: null,
    flopHeld: false,
    chipActions: 0,
    anyActions: 0,
    runOut: false,
    chips: null,
  };
  state.hand = hand;
  ctx.emit({
    type: 'hand.started',
    button: blinds ? plan.button : null,
    smallBlind: blinds ? plan.smallBlind : null,
    bigBlind: blinds ? plan.bigBlind : null,
    dealtIn: [...plan.dealtIn],
    level,
    game: played.game,
    betting: played.betting,
  });
  startChips(ctx, hand); // R-CHIPS-FORCED
}
