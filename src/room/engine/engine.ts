// The room engine: (state, input) → outputs, plus the next timer deadline. Deterministic, no I/O, no wall clock, no
// Math.random: time arrives in each input's `at`, timers due at or before it fire first at their deadlines, and the
// draws come from the seeded generator in the state (setup's `seed`).
import { levelDue } from '../../domain/levels/clock.ts';
import { runStep, type StepParts } from '../../domain/step-core.ts';
import { advanceLevel, pauseLevels, resumeLevels, sendLevel, startLevels } from './clock.ts';
import { RoomCtx } from './context.ts';
import { tableById } from './counts.ts';
import { addOn, deal, rebuy } from './money/commands.ts';
import { initialMoney } from './money/ledger.ts';
import { publishPrizes } from './money/prizes.ts';
import { summaryFiles, type SummaryFiles } from './money/summary.ts';
import { givePlaces, placesDue } from './places.ts';
import { knownName, rebalance, register } from './seating.ts';
import { roomSnapshot, type RoomSnapshot } from './snapshot.ts';
import { initialRoomState, type RoomState, type TableModel } from './state.ts';
import { tableAnswer } from './answers.ts';
import { tableEvent, tableStale, tableState, tableStatus } from './table-input.ts';
import type { RoomCommand, RoomInput, RoomOutput, RoomProfile } from './types.ts';
import { validateRoomInput } from './validate.ts';

export interface RoomOptions {
  /** Room profiles a `setup` may name (config/room-profiles.json, already validated). */
  profiles: Readonly<Record<string, RoomProfile>>;
}

export interface Room {
  /** Handles one input (any JSON value: validated here). Never throws; bad input gives `input.rejected`, stamped
   * with `line` when given (replay). */
  apply(input: unknown, line?: number): RoomOutput[];
  /** The earliest timer deadline (ms), or null. Feed `{type: 'tick', at: deadline}` when it comes. */
  nextDeadline(): number | null;
  /** What `room/<id>/state` carries. */
  snapshot(): RoomSnapshot;
  /** The money's summary files (JSON, CSV, OTS) as they stand, or null for a room that keeps no money. */
  summaryFiles(room: string, name?: string): SummaryFiles | null;
  /** The state itself, for a checkpoint: the service saves it and restores it with `createRoom(options, saved)`.
   * Never changed by the caller. */
  state(): Readonly<RoomState>;
}

/** `from`: a state restored from a checkpoint (src/room/service/checkpoint.ts), else a new room. */
export function createRoom(options: RoomOptions, from?: RoomState): Room {
  const state = from ?? initialRoomState();
  return {
    state: () => state,
    apply: (raw, line) => roomStep(state, options, raw, line),
    nextDeadline: () => roomDeadline(state),
    snapshot: () => roomSnapshot(state),
    summaryFiles: (room, name) => summaryFiles(state, room, name ?? room),
  };
}

export function roomDeadline(state: RoomState): number | null {
  const a = levelDue(state.levels);
  const b = placesDue(state);
  return a === null ? b : b === null ? a : Math.min(a, b);
}

function fireTimers(ctx: RoomCtx, until: number): void {
  for (;;) {
    const due = roomDeadline(ctx.state);
    if (due === null || due > until) return;
    ctx.at = due;
    if (levelDue(ctx.state.levels) === due) advanceLevel(ctx);
    else givePlaces(ctx, due);
  }
}

/** The room's parts of the step skeleton (domain/step-core.ts): the money changed in a step publishes its new
 * `prizes` last. */
const ROOM_STEP: StepParts<RoomState, RoomInput, RoomCtx, RoomOptions> = {
  validate: validateRoomInput,
  context: (state, at) => new RoomCtx(state, at),
  fireTimers,
  handle,
  settle: publishPrizes,
};

export function roomStep(state: RoomState, options: RoomOptions, raw: unknown, line?: number): RoomOutput[] {
  return runStep(ROOM_STEP, state, options, raw, line).outputs;
}

function handle(ctx: RoomCtx, options: RoomOptions, input: RoomInput): string | void {
  if (input.type === 'tick') return;
  if (input.type === 'command') return command(ctx, options, input);
  if (!ctx.state.setup) return 'the room is not set up: send a setup command first';
  const t = tableById(ctx.state, input.table);
  if (!t) return `"${input.table}" is not one of the room's tables`;
  if ('status' in input) return tableStatus(ctx, t, input.status);
  if ('state' in input) return tableState(ctx, t, input.state);
  if ('stale' in input) return tableStale(t, input.stale);
  if ('answer' in input) return tableAnswer(ctx, t, input.answer);
  return tableEvent(ctx, t, input.event);
}

function command(ctx: RoomCtx, options: RoomOptions, c: RoomCommand): void {
  const state = ctx.state;
  if (c.name === 'setup') return setup(ctx, options, c);
  if (!state.setup) return ctx.reject(c.name, 'not-set-up');
  switch (c.name) {
    case 'open-table': {
      const t = tableById(state, c.table);
      if (!t) return ctx.reject(c.name, 'unknown-table');
      if (t.open && !t.broken) return ctx.reject(c.name, 'already-open');
      t.open = true;
      t.broken = false;
      if (t.online) sendLevel(ctx, t);
      return;
    }
    case 'register':
      return register(ctx, c.player);
    case 'levels-start':
      return startLevels(ctx, c.levels);
    case 'levels-pause':
      return pauseLevels(ctx);
    case 'levels-resume':
      return resumeLevels(ctx);
    case 'balance-at':
      // R-ROOM-DETAILS: takes effect at once, the balance check runs right away.
      state.setup.rules.balanceAt = c.players;
      return rebalance(ctx);
    case 'rebuy':
    case 'add-on':
    case 'deal': {
      const m = state.money;
      if (!m) return ctx.reject(c.name, 'no-money', 'this room keeps no money: its setup has none');
      // one person whatever the keyboard (src/protocol/names.ts): "ann" is the "Ann" registered
      if (c.name === 'rebuy') return rebuy(ctx, m, knownName(state, c.player));
      if (c.name === 'add-on') return addOn(ctx, m, knownName(state, c.player));
      return deal(
        ctx,
        m,
        c.shares.map((s) => ({ ...s, player: knownName(state, s.player) })),
      );
    }
  }
}

function setup(ctx: RoomCtx, options: RoomOptions, c: Extract<RoomCommand, { name: 'setup' }>): void {
  const state = ctx.state;
  if (state.setup) return ctx.reject('setup', 'already-set-up');
  if (!Object.hasOwn(options.profiles, c.profile))
    return ctx.reject('setup', 'unknown-profile', `known: ${Object.keys(options.profiles).sort().join(', ')}`);
  const rules = { ...options.profiles[c.profile]!.room, ...c.rules?.room };
  state.setup = { profile: c.profile, rules, startingStack: c.startingStack ?? null, breakOrder: [...c.breakOrder] };
  state.rng.state = c.seed ?? 0;
  if (c.money) state.money = initialMoney(c.money, c.startingStack ?? null, ctx.at);
  const order = c.breakOrder;
  state.tables = c.tables.map((t, i): TableModel => ({
    id: t.id,
    seats: t.seats,
    rank: order.includes(t.id) ? order.indexOf(t.id) : order.length + i,
    open: t.open !== false,
    broken: false,
    online: false,
    players: new Array<string | null>(t.seats).fill(null),
    stacks: new Array<number | null>(t.seats).fill(null),
    given: new Array<string | null>(t.seats).fill(null),
    button: null,
    bigBlind: null,
    vacated: [],
    game: null,
    lastSeq: 0,
    staleUntil: null,
  }));
  state.byId = new Map(state.tables.map((t) => [t.id, t]));
}
