// The engine: (state, input) → events, plus the next timer deadline. Deterministic, no I/O, no wall clock:
// time arrives in each input's `at`, and timers due at or before it fire first, at their deadlines.
import type { SavedTable, Table, TableOptions } from './api.ts';
import { clockDue, clockRequest, fireClock, timebank } from './clocks/fire.ts';
import { runCommand } from './commands.ts';
import { cardIndex } from './cards.ts';
import { Ctx } from './context.ts';
import { exposed, namedBurn, readCard } from './hand/deal.ts';
import { act, chipsActed } from './hand/flow.ts';
import { chipsMotion } from './hand/chips.ts';
import { chipsTracked } from './profile/profile.ts';
import { misdeal } from './hand/end.ts';
import { facingBet, isSubstantial } from './hand/seats.ts';
import { bettingOf, onActionOf } from './hand/phase.ts';
import { startHand } from './hand/start.ts';
import { followDeal, isSighting, sighting } from './hand/sighting.ts';
import { advanceLevel } from './levels/levels.ts';
import { levelDue } from './levels/clock.ts';
import { sensorLevel, settle } from './seats/presence.ts';
import { initialPositions } from './positions/positions.ts';
import { snapshotOf } from './snapshot/build.ts';
import type { State } from './state.ts';
import { runStep, type StepParts } from './step-core.ts';
import type { EngineEvent, Input } from './types.ts';
import { validateInput } from './validate/validate.ts';
import { violation } from './seats/violations.ts';

export function initialState(): State {
  return {
    now: 0,
    hands: 0,
    setup: null,
    seats: [],
    presenceDue: null,
    positions: initialPositions(),
    hand: null,
    levels: null,
    levelForNextHand: null,
    bankLevel: null,
    lastRead: null,
    lastPlan: null,
    halted: false,
    placed: null,
    room: null,
    moves: [],
    adds: [],
  };
}

/** A new table, or one that goes on from a `Table.save()`. The saved value is copied, never shared: the same one
 * may start several tables. */
export function createTable(options: TableOptions, saved?: SavedTable): Table {
  const state = saved ? (structuredClone(saved) as unknown as State) : initialState();
  // A checkpoint saved before the room's fields existed (domain-state-10) still loads: no room clock, no moves.
  state.room ??= null;
  state.moves ??= [];
  state.adds ??= []; // and none saved before add-chips existed
  if (state.hand) state.hand.upCards ??= state.hand.holeCards.map(() => []); // nor before stud
  return {
    apply: (raw, line) => step(state, options, raw, line),
    nextDeadline: () => nextDeadline(state),
    snapshot: () => snapshotOf(state),
    save: () => structuredClone(state) as unknown as SavedTable,
    profile: () => state.setup?.profile ?? null,
  };
}

export function nextDeadline(state: State): number | null {
  let due = levelDue(state.levels);
  const p = state.presenceDue;
  if (p !== null && (due === null || p < due)) due = p;
  const c = clockDue(state.hand);
  if (c !== null && (due === null || c < due)) due = c;
  return due;
}

/** Fires every timer due at or before `until`, in deadline order; each event carries its deadline as `at`. */
function fireTimers(ctx: Ctx, until: number): void {
  const state = ctx.state;
  for (;;) {
    const due = nextDeadline(state);
    if (due === null || due > until) return;
    ctx.at = due;
    if (levelDue(state.levels) === due) {
      advanceLevel(ctx, state.levels!);
      continue;
    }
    const seat = state.seats.find((s) => s.pending?.deadline === due);
    if (seat) {
      const wasPresent = seat.present;
      settle(ctx, seat);
      if (wasPresent && !seat.present) violation(ctx, seat.seat);
      continue;
    }
    fireClock(ctx, state.hand!);
  }
}

/** The table's parts of the step skeleton (step-core.ts). */
const TABLE_STEP: StepParts<State, Input, Ctx, TableOptions> = {
  validate: validateInput,
  context: (state, at) => new Ctx(state, at),
  fireTimers,
  handle,
};

export function step(state: State, options: TableOptions, raw: unknown, line?: number): EngineEvent[] {
  const ctx = runStep(TABLE_STEP, state, options, raw, line);
  followDeal(state, ctx.events);
  return ctx.events;
}

/** Handles a valid input; returns a reason when the input as a whole is refused. */
function handle(ctx: Ctx, options: TableOptions, input: Input): string | void {
  const state = ctx.state;
  const type = input.type;
  if (type === 'tick') return;
  if (type === 'device') {
    ctx.emit({ type: input.online ? 'device.online' : 'device.offline', device: input.device, detail: input.detail });
    return;
  }
  if (type === 'command') return runCommand(ctx, options, input);
  const setup = state.setup;
  if (!setup) return NOT_SET_UP;
  // One switch, card reads and panel buttons first: they are nearly every input. On `type`, read once: inputs come
  // in many shapes, so each read of `input.type` is a slow (megamorphic) one.
  switch (type) {
    case 'card':
      // R-CARD-PLACE: a seat, board or muck antenna's read is a sighting, outside the shoe's count and bounce window
      if (isSighting(input)) return sighting(ctx, options.deck, input);
      return onCard(ctx, options, input.card, input.uid);
    case 'panel':
      forgetRead(state);
      return onPanel(ctx, input);
    case 'shuffle':
      forgetRead(state);
      return startHand(ctx);
    case 'seat':
      if (input.seat > setup.seats) return beyond(input.seat, setup.seats);
      sensorLevel(ctx, state.seats[input.seat - 1]!, input.occupied, setup.profile.presence.debounceMs);
      return;
    case 'timebank':
      if (input.seat > setup.seats) return beyond(input.seat, setup.seats);
      return timebank(ctx, input.seat);
    case 'chips':
      if (input.seat > setup.seats) return beyond(input.seat, setup.seats);
      return onChips(ctx, input);
    case 'clock-request':
      if (input.seat !== undefined && input.seat > setup.seats) return beyond(input.seat, setup.seats);
      return clockRequest(ctx, input.by, input.seat);
  }
}

const NOT_SET_UP = 'the table is not set up: send a setup command first';

function beyond(seat: number, seats: number): string {
  return `seat ${seat} is beyond the table's ${seats} seats`;
}

/** Any card or panel input in between ends a reader bounce (R-DECK-INTEGRITY); the object is kept, not reallocated. */
function forgetRead(state: State): void {
  const last = state.lastRead;
  if (last) {
    last.card = '';
    last.uid = null;
  }
}

function onCard(ctx: Ctx, options: TableOptions, named: string | undefined, uid: string | undefined): void {
  const state = ctx.state;
  const repeatMs = state.setup!.profile.shoe.repeatReadMs;
  const last = state.lastRead;
  const card = named ?? (uid !== undefined ? options.deck?.get(uid) : undefined);
  // R-DECK-INTEGRITY reader bounce: the same tag again with no card or panel input in between, within the window,
  // and not back in the stub since, is one read.
  const sameTag = last !== null && (uid !== undefined ? last.uid === uid : last.uid === null && last.card === named);
  if (
    sameTag &&
    ctx.at - last.at <= repeatMs &&
    (!state.hand || last.card === '' || state.hand.out[cardIndex(last.card)] === 1)
  ) {
    last.at = ctx.at;
    return;
  }
  if (last) {
    last.card = card ?? '';
    last.uid = uid ?? null;
    last.at = ctx.at;
  } else state.lastRead = { card: card ?? '', uid: uid ?? null, at: ctx.at };
  if (card !== undefined) return readCard(ctx, card);
  const hand = state.hand;
  if (!hand) {
    ctx.emit({
      type: 'irregularity',
      kind: 'read-outside-hand',
      remedy: `A tag that is not in the enrolled deck was read (${uid}) with no hand under way: check the deck.`,
    });
    return;
  }
  misdeal(ctx, hand, 'unknown-card'); // a foreign tag is a fouled deck, whatever the action
}

function onPanel(ctx: Ctx, input: Extract<Input, { type: 'panel' }>): void {
  const hand = ctx.state.hand;
  const button = input.button;
  switch (button) {
    case 'check':
    case 'call':
    case 'bet':
    case 'raise':
    case 'fold':
    case 'allin': {
      if (!hand) return ctx.reject(button, 'no-hand');
      if (hand.phase.kind === 'dealing') return ctx.reject(button, 'deal-not-complete');
      const betting = bettingOf(hand);
      if (betting === null) return ctx.reject(button, 'no-action');
      // with chips tracked the amounts decide (hand-chips.ts); `bet` and `raise` are one action
      if (!hand.chips && button === 'check' && facingBet(betting.round, betting.onAction))
        return ctx.reject(button, 'facing-bet', betting.onAction);
      const raises = (input as { raises?: boolean }).raises !== false;
      const refusal = act(ctx, hand, button === 'bet' ? 'raise' : button, 'panel', raises, input.to);
      if (refusal) ctx.reject(button, refusal, betting.onAction);
      return;
    }
    case 'exposed': {
      return exposed(ctx, input.card, hand?.lastCard ?? undefined);
    }
    case 'burn':
      return namedBurn(ctx, input.card);
    case 'misdeal':
      if (!hand) return ctx.reject('misdeal', 'no-hand');
      if (isSubstantial(ctx, hand)) return ctx.reject('misdeal', 'substantial-action'); // R-SUBSTANTIAL-ACTION
      return misdeal(ctx, hand, 'dealer');
  }
}

/** A chip reader's motion (R-BET-CHIPS, R-BET-STRING): refused (`no-chips`) unless chips are tracked. */
function onChips(ctx: Ctx, input: Extract<Input, { type: 'chips' }>): string | void {
  const hand = ctx.state.hand;
  if (!chipsTracked(ctx.state.setup!.profile)) return ctx.reject('chips', 'no-chips', input.seat);
  // Between hands a motion that only takes chips away is the dealer gathering the last round or a player taking back
  // an uncalled bet after `hand.ended`: no action, as the same motion is during a hand. Chips put down are refused.
  if (!hand?.chips) return input.added.length === 0 ? undefined : ctx.reject('chips', 'no-hand', input.seat);
  const onAction = onActionOf(hand);
  const turn = chipsMotion(hand, input, onAction);
  if (turn === null) return;
  if (turn === 'invalid-chips') return `chips: a chip value not in chips.denominations, or more taken than lies there`;
  if (typeof turn === 'string') return ctx.reject('chips', turn, input.seat);
  chipsActed(ctx, hand, turn, 'chips');
}
