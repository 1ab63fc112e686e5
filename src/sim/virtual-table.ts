// The virtual dealer and players: a deterministic stand-in for the people at the table. It only ever produces the
// protocol's inputs (shuffle, card reads, panel buttons, seat sensor levels, clock and time-bank requests, floor
// commands) and learns what happened from the engine's events, exactly as a dealer learns it from the panel display.
//
// One input at a time is "in flight": the virtual table waits for the event that answers it (a read → `card.dealt`,
// an action → `action`, …) before deciding the next one, so it works whatever way the caller batches events.
import { gameOf } from '../domain/games/index.ts';
import type { Input, Seat, EngineEvent } from '../domain/types.ts';
import { checkOptions, type VirtualTable, type VirtualTableOptions } from './options.ts';
import { newHand, NEXT_STREET, toStub, trackHand, type SimHand } from './hand.ts';
import { chipsAction, chipsSeen } from './chips.ts';
import { firstShuffle, freshOpening, repairs, seatPlayer, type Opening } from './opening.ts';
import { chooseAction, thinkTime } from './players.ts';
import { createRandom, type Random } from './random.ts';
import { resolveProfile } from './profile.ts';
import { finishSteps, misdealStep, startFinishing, trackFinishing, type Finishing } from './resume.ts';
import { createSightings } from './sightings.ts';
import { answers, type Answer, type Body, type Step } from './steps.ts';

export type { VirtualTable, VirtualTableOptions } from './options.ts';

export function createVirtualTable(options: VirtualTableOptions): VirtualTable {
  checkOptions(options);
  const profile = resolveProfile(options.profile, options.rules, options.profiles);
  const random: Random = createRandom(options.seed);
  const rate = Math.min(1, Math.max(0, options.irregularityRate));
  const holeCards = gameOf(options.game ?? 'holdem').holeCards;
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
  // A hand recovered from the journal, being ended (resume.ts), and what the table lacks once it has.
  let finishing: Finishing | null = null;
  let afterHand: Step[] = [];
  const opening: Opening = { options, profile, random, playerSeats, rate };
  const seen = options.chips ? chipsSeen() : null; // the stacks and bets, so that no bet exceeds a stack

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

  const readBody = (card: string): Body => {
    const uid = uidOf?.get(card);
    return uid !== undefined ? { type: 'card', uid } : { type: 'card', card };
  };
  const sightings = options.sightings ? createSightings({ seed: options.seed, wrongSeat: rate / 4, readBody }) : null;
  const read = (h: SimHand): Step => ({
    after: () => random.int(300, 1000),
    input: () => {
      const card = h.stub.pop();
      if (card === undefined) throw new Error('virtual dealer: the stub is empty');
      h.lastCard = card;
      return readBody(card);
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
    const act = (): Body | null =>
      !onSeat()
        ? null
        : options.chips
          ? chipsAction(random, h.onAction!, seen ?? undefined)
          : { type: 'panel', button: chooseAction(random, h.round, seat) };
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
    if (h === null) return finishing ? finishSteps(finishing, random, readBody) : [];
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

  const onEvent = (e: EngineEvent): void => {
    now = Math.max(now, e.at);
    if (awaiting !== null && answers(awaiting, e)) awaiting = null;
    seen?.follow(e);
    if (sightings && (hand !== null || e.type === 'hand.started')) agenda.push(...sightings.follow(e));
    if (e.type === 'seat.occupied') present.add(e.seat);
    if (e.type === 'seat.vacated') present.delete(e.seat);
    if (e.type === 'hand.started') {
      // Time banks refill at the first hand of a new level (shotClock.bankReset: level), as the table does.
      if (profile.shotClock.bankReset === 'level' && e.level !== bankLevel)
        for (const seat of playerSeats) banks.set(seat, profile.shotClock.timeBanks);
      bankLevel = e.level;
      hand = newHand(e, random, profile, rate, holeCards);
      return;
    }
    if (e.type === 'timebank.used') banks.set(e.seat, e.remaining);
    // R-CHIPS-BUST: the busted player buys in again before the next shuffle (a rebuy, BFP 18)
    if (e.type === 'player.eliminated') afterHand.push(seatPlayer(opening, e.seat, e.player));
    if (e.type === 'penalty.started') penalised += 1;
    if (e.type === 'penalty.ended') penalised -= 1;
    if (finishing) trackFinishing(finishing, e);
    if (e.type === 'hand.ended') {
      hand = null;
      finishing = null;
      agenda = [...afterHand.splice(0), ...shuffleSteps()];
      return;
    }
    const idle = hand === null && finishing === null && agenda.length === 0;
    if ((e.type === 'request.rejected' || e.type === 'input.rejected') && idle) {
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
      now = options.startAt;
      const resume = options.resume;
      if (!resume || resume.snapshot.seats === 0) return emit(freshOpening(opening));
      // Recovered: learn the table as the snapshot shows it, add what it lacks, end the hand under way.
      const snap = resume.snapshot;
      for (const info of snap.seatInfo) {
        if (info.present) present.add(info.seat);
        if (banks.has(info.seat)) banks.set(info.seat, info.timeBanks);
        if (info.penaltyHands > 0) penalised += 1;
      }
      bankLevel = snap.level?.level ?? null;
      const { sensors, table } = repairs(opening, snap);
      if (snap.hand === null) return emit([...sensors, ...table, firstShuffle(profile)]);
      finishing = startFinishing(resume, random);
      afterHand = table;
      return emit([...sensors, misdealStep(random)]);
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
