// The virtual dealer and players: a deterministic stand-in for the people at the table. It only ever produces the
// protocol's inputs (shuffle, card reads, panel buttons, seat sensor levels, clock and time-bank requests, floor
// commands) and learns what happened from the engine's events, exactly as a dealer learns it from the panel display.
//
// One input at a time is "in flight": the virtual table waits for the event that answers it (a read → `card.dealt`,
// an action → `action`, …) before deciding the next one, so it works whatever way the caller batches events.
import { TableError } from '../domain/errors.ts';
import type { Profile } from '../domain/profile.ts';
import type { Input, Seat, TableEvent } from '../domain/types.ts';
import { newHand, NEXT_STREET, toStub, trackHand, type SimHand } from './hand.ts';
import { chooseAction, thinkTime } from './players.ts';
import { createRandom, type Random } from './random.ts';
import { resolveProfile } from './profile.ts';

export interface VirtualTableOptions {
  seed: number;
  seats: number;
  /** Players seated in seats 1 … players. */
  players: number;
  /** Rule profile name for the `setup` command. */
  profile: string;
  /** Chance per hand (0 … 1) of one irregularity: exposed or extra or premature card, four-card flop, dealer
   * misdeal, clock call (answered or running out), time bank, a player away for a few hands. 0: clean play. */
  irregularityRate: number;
  /** Virtual time (ms) of the first input. */
  startAt: number;
  /** Overrides sent with `setup` (same shape as a profile file), e.g. to turn the shot clock on. */
  rules?: Record<string, unknown>;
  /** Where `profile` is looked up (default: the shipped profiles in config/rules). */
  profiles?: Readonly<Record<string, Profile>>;
  /** The enrolled deck (uid → card): reads then carry `uid` instead of `card`. */
  deck?: ReadonlyMap<string, string>;
  /** Run a level clock with short levels (default: when irregularityRate > 0). */
  levels?: boolean;
}

export interface VirtualTable {
  /** The first inputs: setup, players, seat sensors, the first button, maybe levels, and the first shuffle. */
  start(): Input[];
  /** Call with every batch of events the table emits (all the events of one input or tick, as `Table.apply` and the
   * runtime's `onEvents` give them); returns the next inputs, each with the future `at` it should be applied at. */
  react(events: readonly TableEvent[]): Input[];
}

type Answer = 'hand.started' | 'read' | 'action' | 'exposed' | 'burn' | 'clock' | 'timebank' | 'misdeal';
type Body = Input extends infer I ? (I extends Input ? Omit<I, 'at'> : never) : never;

interface Step {
  /** Delay after the previous input (ms), or a function of the time now. */
  after: number | ((now: number) => number);
  input: Body | (() => Body | null);
  /** The event type that answers it; side inputs (seat sensors, commands) are not waited for. */
  answer: Answer | null;
}

/** Whether an event answers the input in flight (a refusal answers anything: no other answer will come). */
function answers(awaiting: Answer, e: TableEvent): boolean {
  if (e.type === 'request.rejected' || e.type === 'input.rejected') return true;
  if (e.type === 'hand.ended') return awaiting !== 'hand.started';
  if (e.type === 'irregularity') return awaiting === 'read' || (awaiting === 'exposed' && e.kind === 'exposed-card');
  if (e.type === 'misdeal') return awaiting === 'read' || awaiting === 'exposed' || awaiting === 'misdeal';
  if (e.type === 'action') return awaiting === 'action' && e.by === 'panel';
  return ANSWERED_BY[awaiting] === e.type;
}

const ANSWERED_BY: Record<Answer, TableEvent['type']> = {
  'hand.started': 'hand.started',
  read: 'card.dealt',
  action: 'action',
  exposed: 'irregularity',
  burn: 'board',
  clock: 'clock.called',
  timebank: 'timebank.used',
  misdeal: 'misdeal',
};

export function createVirtualTable(options: VirtualTableOptions): VirtualTable {
  if (!Number.isInteger(options.seats) || options.seats < 2)
    throw new TableError('CONFIG_INVALID', `virtual table: seats must be an integer ≥ 2, got ${options.seats}`);
  if (!Number.isInteger(options.players) || options.players < 2 || options.players > options.seats) {
    throw new TableError(
      'CONFIG_INVALID',
      `virtual table: players must be an integer from 2 to the ${options.seats} seats, got ${options.players}`,
    );
  }
  if (!Number.isFinite(options.startAt))
    throw new TableError('CONFIG_INVALID', 'virtual table: startAt must be a time in ms');
  const profile = resolveProfile(options.profile, options.rules, options.profiles);
  const random: Random = createRandom(options.seed);
  const rate = Math.min(1, Math.max(0, options.irregularityRate));
  const uidOf = options.deck ? new Map([...options.deck].map(([uid, card]) => [card, uid])) : null;
  const playerSeats = Array.from({ length: options.players }, (_, i) => i + 1);
  const present = new Set<Seat>();
  const away = new Map<Seat, number>(); // seat → hands still to miss
  const banks = new Map<Seat, number>(playerSeats.map((s) => [s, profile.shotClock.timeBanks]));
  let bankLevel: number | null = null;
  let penalised = 0; // seats serving a missed-hands penalty
  let now = options.startAt;
  let awaiting: Answer | null = null;
  let agenda: Step[] = [];
  let hand: SimHand | null = null;

  const emit = (steps: Step[]): Input[] => {
    const out: Input[] = [];
    while (steps.length > 0 && awaiting === null) {
      const step = steps.shift()!;
      const body = typeof step.input === 'function' ? step.input() : step.input;
      if (body === null) continue; // overtaken by events (e.g. the action moved on): nothing to do
      now += typeof step.after === 'number' ? step.after : Math.max(1, step.after(now));
      out.push({ ...body, at: now } as Input);
      awaiting = step.answer;
    }
    return out;
  };

  const read = (h: SimHand): Step => ({
    after: () => random.int(300, 1000),
    input: () => {
      const card = h.stub.pop();
      if (card === undefined) throw new Error('virtual dealer: the stub is empty');
      h.lastCard = card;
      const uid = uidOf?.get(card);
      return uid !== undefined ? { type: 'card', uid } : { type: 'card', card };
    },
    answer: 'read',
  });

  const shuffleSteps = (): Step[] => {
    const steps: Step[] = [];
    let sensorChange = false;
    for (const [seat, left] of away) {
      if (left > 1) away.set(seat, left - 1);
      else {
        away.delete(seat);
        steps.push({ after: random.int(500, 1500), input: { type: 'seat', seat, occupied: true }, answer: null });
        sensorChange = true;
      }
    }
    const candidates = playerSeats.filter((s) => present.has(s) && !away.has(s));
    if (away.size === 0 && candidates.length >= 3 && random.chance(rate / 4)) {
      const seat = random.pick(candidates);
      away.set(seat, random.int(1, 3));
      steps.push({ after: random.int(500, 1500), input: { type: 'seat', seat, occupied: false }, answer: null });
      sensorChange = true;
    }
    if (penalised === 0 && random.chance(rate / 20)) {
      const seat = random.pick(playerSeats);
      steps.push({
        after: random.int(500, 1500),
        input: { type: 'command', name: 'penalty', seat, rounds: 1 },
        answer: null,
      });
    }
    // The sensor must hold its new level for the debounce before the hand starts, or the change lands mid-hand.
    const settle = sensorChange ? profile.presence.debounceMs + 500 : 0;
    steps.push({ after: Math.max(settle, random.int(3000, 8000)), input: { type: 'shuffle' }, answer: 'hand.started' });
    return steps;
  };

  /** What the players do when one of them is on action. Every action lands before any clock that runs on them. */
  const decide = (h: SimHand, seat: Seat): Step[] => {
    const onSeat = (): boolean => h.onAction?.seat === seat && hand === h;
    const act = (): Body | null => (onSeat() ? { type: 'panel', button: chooseAction(random, h.round, seat) } : null);
    /** Time left before the first running clock (shot clock or called clock) expires. */
    const room = (t: number): number => Math.min(h.onAction?.deadline ?? Infinity, h.clockAt ?? Infinity) - t;
    // A margin before the clock: in `npm start` timers run scaled, so an input may land a little after its `at`.
    const within = (wanted: number) => (t: number) => Math.min(wanted, room(t) - 1500);
    const plan = h.plan;
    if ((plan === 'clock' || plan === 'clock-expire') && h.street === h.planStreet && room(now) > 20_000) {
      h.plan = null;
      const callers = playerSeats.filter((s) => s !== seat && present.has(s) && !away.has(s));
      const by = callers.length > 0 && random.chance(0.6) ? 'seat' : random.pick(['dealer', 'floor'] as const);
      const request: Body =
        by === 'seat' ? { type: 'clock-request', by, seat: random.pick(callers) } : { type: 'clock-request', by };
      const ask: Step = {
        after: within(random.int(4000, 12000)),
        input: () => (onSeat() ? request : null),
        answer: 'clock',
      };
      if (plan === 'clock-expire') {
        h.waitingForTimer = seat;
        return [ask];
      }
      // Acts within the clock's seconds, before the countdown.
      return [ask, { after: within(random.int(1000, profile.clock.seconds * 1000)), input: act, answer: 'action' }];
    }
    const deadline = h.onAction?.deadline ?? null;
    if (plan === 'timebank' && deadline !== null && (banks.get(seat) ?? 0) > 0 && room(now) > 5000) {
      h.plan = null;
      return [
        {
          after: (t) => deadline - t - random.int(2000, 4000),
          input: () => (onSeat() ? { type: 'timebank', seat } : null),
          answer: 'timebank',
        },
        { after: within(random.int(2000, 8000)), input: act, answer: 'action' },
      ];
    }
    return [{ after: within(thinkTime(random)), input: act, answer: 'action' }];
  };

  /** The next steps when nothing is in flight. */
  const plan = (): Step[] => {
    const h = hand;
    if (h === null) return [];
    if (h.holeReads < h.holeTotal) {
      h.holeReads += 1;
      const steps = [read(h)];
      if ((h.plan === 'exposed-late' || h.plan === 'exposed-early') && h.holeReads === h.exposeAt) {
        h.plan = null;
        const name = random.chance(0.5);
        steps.push({
          after: random.int(300, 1500),
          input: () =>
            name ? { type: 'panel', button: 'exposed', card: h.lastCard! } : { type: 'panel', button: 'exposed' },
          answer: 'exposed',
        });
      }
      return steps;
    }
    if (h.replacements > 0) {
      h.replacements -= 1;
      return [read(h)];
    }
    if (h.onAction !== null) {
      if (h.waitingForTimer === h.onAction.seat) return [];
      const beforeAction = h.round.actions === 0;
      if (h.plan === 'extra-card' && h.street === 'preflop' && beforeAction) {
        h.plan = null;
        return [read(h)];
      }
      if (h.plan === 'dealer-misdeal' && h.street === 'preflop' && beforeAction) {
        h.plan = null;
        return [{ after: random.int(1000, 3000), input: { type: 'panel', button: 'misdeal' }, answer: 'misdeal' }];
      }
      if (h.plan === 'flop-too-many' && h.street === 'flop' && beforeAction) {
        h.plan = null;
        return [read(h)];
      }
      if (h.plan === 'premature' && h.street === h.planStreet && !beforeAction) {
        h.plan = null;
        return [read(h), read(h)];
      }
      if (h.plan === 'walks-away' && h.street === h.planStreet && !beforeAction) {
        // R-STAY-SEATED: a player with a live hand gets up (a violation once the sensor has settled), back later.
        h.plan = null;
        const walkers = playerSeats.filter((s) => s !== h.onAction!.seat && present.has(s) && !h.out.has(s));
        if (walkers.length > 0) {
          const seat = random.pick(walkers);
          return [
            { after: random.int(300, 800), input: { type: 'seat', seat, occupied: false }, answer: null },
            ...decide(h, h.onAction.seat),
            { after: random.int(2000, 6000), input: { type: 'seat', seat, occupied: true }, answer: null },
          ];
        }
      }
      return decide(h, h.onAction.seat);
    }
    // Nobody on action: the round is over (or the board runs out): deal the next street until its board is complete.
    if (h.dealing === null) {
      const next = NEXT_STREET[h.street];
      if (next === null) return [];
      h.dealing = next;
      for (const r of h.returns.filter((x) => x.street === next)) toStub(h, r.card, random);
      h.returns = h.returns.filter((x) => x.street !== next);
    }
    return [read(h)];
  };

  const onEvent = (e: TableEvent): void => {
    now = Math.max(now, e.at);
    if (awaiting !== null && answers(awaiting, e)) awaiting = null;
    if (e.type === 'seat.occupied') present.add(e.seat);
    if (e.type === 'seat.vacated') present.delete(e.seat);
    if (e.type === 'hand.started') {
      // Time banks refill at the first hand of a new level (shotClock.bankReset: level), as the table does.
      if (profile.shotClock.bankReset === 'level' && e.level !== bankLevel)
        for (const seat of playerSeats) banks.set(seat, profile.shotClock.timeBanks);
      bankLevel = e.level;
      hand = newHand(e, random, profile, rate);
      return;
    }
    if (e.type === 'timebank.used') banks.set(e.seat, e.remaining);
    if (e.type === 'penalty.started') penalised += 1;
    if (e.type === 'penalty.ended') penalised -= 1;
    if (e.type === 'hand.ended') {
      hand = null;
      agenda = shuffleSteps();
      return;
    }
    if ((e.type === 'request.rejected' || e.type === 'input.rejected') && hand === null && agenda.length === 0) {
      // The shuffle was refused (it should not be): try again a little later.
      agenda = [{ after: 5000, input: { type: 'shuffle' }, answer: 'hand.started' }];
    }
    if (hand === null) return;
    const burn = trackHand(hand, e, profile, random);
    if (burn !== null)
      agenda.push({
        after: random.int(2000, 5000),
        input: { type: 'panel', button: 'burn', card: burn },
        answer: 'burn',
      });
  };

  return {
    start() {
      const steps: Step[] = [
        {
          after: 0,
          input: {
            type: 'command',
            name: 'setup',
            seats: options.seats,
            profile: options.profile,
            ...(options.rules ? { rules: options.rules } : {}),
          },
          answer: null,
        },
      ];
      for (const seat of playerSeats) {
        steps.push({
          after: 10,
          input: { type: 'command', name: 'seat-player', seat, player: `Player ${seat}` },
          answer: null,
        });
        steps.push({ after: 10, input: { type: 'seat', seat, occupied: true }, answer: null });
      }
      steps.push({
        after: 10,
        input: { type: 'command', name: 'set-button', seat: random.pick(playerSeats) },
        answer: null,
      });
      if (options.levels ?? rate > 0) {
        steps.push({
          after: 10,
          input: {
            type: 'command',
            name: 'levels-start',
            levels: [
              { smallBlind: 100, bigBlind: 200, minutes: 4 },
              { smallBlind: 200, bigBlind: 400, ante: 50, minutes: 4 },
              { break: true, minutes: 2 },
              { smallBlind: 300, bigBlind: 600, ante: 75, minutes: 4 },
              { smallBlind: 500, bigBlind: 1000, ante: 100, minutes: 4 },
            ],
          },
          answer: null,
        });
      }
      steps.push({ after: profile.presence.debounceMs + 1000, input: { type: 'shuffle' }, answer: 'hand.started' });
      now = options.startAt;
      return emit(steps);
    },
    react(events) {
      for (const e of events) onEvent(e);
      const out: Input[] = [];
      // Side inputs (seat sensors, commands) are not waited for: keep going until an input is in flight.
      while (awaiting === null) {
        if (agenda.length === 0) agenda = plan();
        if (agenda.length === 0) break;
        out.push(...emit(agenda));
      }
      return out;
    },
  };
}
