// Floor commands (protocol.md): setup, players, button, penalties, level clock; the room's (R-ROOM-MOVE, R-ROOM-CLOCK).
import { nameKey } from '../protocol/names.ts';
import type { TableOptions } from './api.ts';
import { dropFromHand } from './hand/flow.ts';
import { chipsTracked } from './profile/profile.ts';
import type { Ctx } from './context.ts';
import { TableError } from './errors.ts';
import { gameOf } from './games/index.ts';
import { adjustLevels, pauseLevels, resumeLevels, startLevels, structureRefusal } from './levels/levels.ts';
import { addChips } from './chips/add-chips.ts';
import { movePlayer } from './seats/room-moves.ts';
import { playerRemoved, playerSeated, setButton } from './positions/positions.ts';
import { updatePresenceDue } from './seats/presence.ts';
import { resolveProfile } from './profile/resolve.ts';
import { levelSet } from './levels/room-level.ts';
import type { SeatState } from './state.ts';
import type { Input } from './types.ts';

type CommandInput = Extract<Input, { type: 'command' }>;

function newSeat(seat: number, timeBanks: number): SeatState {
  return {
    seat,
    player: null,
    present: false,
    pending: null,
    penaltyHands: 0,
    penaltyTotal: 0,
    penaltyFrom: 0,
    timeBanks,
    faults: 0,
    stack: null,
  };
}

export function runCommand(ctx: Ctx, options: TableOptions, input: CommandInput): string | void {
  const state = ctx.state;
  if (input.name === 'setup') return setup(ctx, options, input);
  const setup_ = state.setup;
  if (!setup_) return 'the table is not set up: send a setup command first';
  const name = input.name;
  if ('seat' in input && input.seat !== undefined && input.seat > setup_.seats)
    return `${name}: seat ${input.seat} is beyond the table's ${setup_.seats} seats`;
  switch (name) {
    case 'seat-player': {
      const seat = state.seats[input.seat - 1]!;
      if (seat.player !== null) return ctx.reject(name, 'seat-taken', input.seat);
      // the same player whatever the keyboard: " Ann ", "ann" and a full-width "Ａnn" are one (names.ts)
      const key = nameKey(input.player);
      if (state.seats.some((s) => s.player !== null && nameKey(s.player) === key))
        return ctx.reject(name, 'player-already-seated', input.seat);
      seat.player = input.player;
      seat.timeBanks = setup_.profile.shotClock.timeBanks;
      seat.faults = 0;
      state.positions = playerSeated(state.positions, input.seat, input.player);
      // R-CHIPS-STACK: without `chips` the stack stays unknown and the next shuffle is refused (stack-unknown)
      if (chipsTracked(setup_.profile) && input.chips !== undefined) {
        seat.stack = input.chips;
        ctx.emit({ type: 'player.seated', seat: input.seat, player: input.player, chips: input.chips });
      } else ctx.emit({ type: 'player.seated', seat: input.seat, player: input.player });
      return;
    }
    case 'set-stack': {
      // R-CHIPS-STACK: between hands only, with chips tracked, for a seated player
      if (!chipsTracked(setup_.profile)) return ctx.reject(name, 'no-chips', input.seat);
      if (state.hand) return ctx.reject(name, 'hand-in-progress', input.seat);
      const seat = state.seats[input.seat - 1]!;
      if (seat.player === null) return ctx.reject(name, 'seat-empty', input.seat);
      seat.stack = input.chips;
      ctx.emit({ type: 'stack.set', seat: input.seat, chips: input.chips });
      return;
    }
    case 'add-chips':
      return addChips(ctx, input.seat, input.chips, input.player);
    case 'remove-player': {
      const seat = state.seats[input.seat - 1]!;
      if (seat.player === null) return ctx.reject(name, 'seat-empty', input.seat);
      const player = seat.player;
      seat.player = null;
      seat.penaltyHands = 0;
      seat.stack = null;
      state.positions = playerRemoved(state.positions, input.seat);
      ctx.emit({ type: 'player.removed', seat: input.seat, player });
      dropFromHand(ctx, input.seat);
      return;
    }
    case 'set-button':
      state.positions = setButton(state.positions, input.seat);
      ctx.emit({ type: 'button.set', seat: input.seat });
      return;
    case 'penalty': {
      const seat = state.seats[input.seat - 1]!;
      if (seat.player === null) return ctx.reject(name, 'seat-empty', input.seat);
      // R-PENALTY: R rounds = R × players at the table (the penalised one included), counted when given
      const players = state.seats.filter((s) => s.player !== null).length;
      seat.penaltyHands = input.hands ?? input.rounds * players;
      seat.penaltyTotal = seat.penaltyHands;
      seat.penaltyFrom = state.hands + 1; // the next hand, also when given during one (BFP 31)
      ctx.emit({ type: 'penalty.started', seat: input.seat, hands: seat.penaltyHands });
      return;
    }
    case 'levels-start':
    case 'levels-pause':
    case 'levels-resume':
    case 'levels-adjust':
      // R-ROOM-CLOCK: once the room runs the clock, the table's own is stopped for good
      if (state.room) return ctx.reject(name, 'room-clock');
      if (name === 'levels-start') return startLevels(ctx, input.levels);
      if (name === 'levels-pause') return pauseLevels(ctx);
      if (name === 'levels-resume') return resumeLevels(ctx);
      return adjustLevels(ctx, input);
    case 'move-player':
      return movePlayer(ctx, input.seat);
    case 'level-set':
      return levelSet(ctx, input);
  }
}

function setup(ctx: Ctx, options: TableOptions, input: Extract<CommandInput, { name: 'setup' }>): string | void {
  const state = ctx.state;
  if (state.hand) return ctx.reject('setup', 'hand-in-progress');
  let profile;
  try {
    profile = resolveProfile(options.profiles, input.profile, input.rules);
  } catch (e) {
    if (!(e instanceof TableError)) throw e;
    if (e.code === 'PROFILE_UNKNOWN') return ctx.reject('setup', `unknown-profile: ${e.message}`);
    return ctx.reject('setup', `invalid-rules: ${e.message}`);
  }
  const game = input.game ?? 'holdem';
  const betting = input.betting ?? gameOf(game).defaultBetting; // R-GAME-LIST
  const next = { seats: input.seats, profileName: input.profile, profile, game, betting };
  // R-BET-LIMIT: a structure running that does not give the fixed bets this setup's limit play needs
  const refusal = state.levels ? structureRefusal(state.levels.levels, next) : null;
  if (refusal !== null) return ctx.reject('setup', refusal);
  const old = state.seats;
  for (const s of old) {
    if (s.seat > input.seats && s.player !== null) {
      state.positions = playerRemoved(state.positions, s.seat);
      ctx.emit({ type: 'player.removed', seat: s.seat, player: s.player });
    }
  }
  state.seats = Array.from({ length: input.seats }, (_, i) => old[i] ?? newSeat(i + 1, profile.shotClock.timeBanks));
  updatePresenceDue(state); // a seat beyond the new size takes its debounce timer with it
  state.setup = next;
  ctx.emit({ type: 'table.ready', seats: input.seats, profile: input.profile });
}
