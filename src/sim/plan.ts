// What the virtual dealer and players do next, when nothing is in flight: the deal, the players' actions (with the
// clocks and time banks they use), the streets, and between hands the shuffle. Each plan decides its random draws in
// the same order every time, so a seed gives the same session.
import type { Seat } from '../domain/types.ts';
import { chipsAction } from './chips.ts';
import { toStub, type SimHand } from './hand.ts';
import { chooseAction, thinkTime } from './players.ts';
import { levelsStart } from './opening.ts';
import { finishSteps } from './resume.ts';
import type { Body, Step } from './steps.ts';
import { readBody, type SimTable } from './table-state.ts';

/** The next steps when nothing is in flight. */
export function plan(t: SimTable): Step[] {
  const h = t.hand;
  if (h === null) return t.finishing ? finishSteps(t.finishing, t.random, (card) => readBody(t, card)) : [];
  if (h.holeReads < h.holeTotal) return holeCardSteps(t, h);
  if (h.replacements > 0) {
    h.replacements -= 1;
    return [read(t, h)];
  }
  if (h.onAction !== null) return onActionSteps(t, h, h.onAction.seat);
  // Nobody on action: the round is over (or the board runs out): deal the next street until its board is complete.
  if (h.dealing === null) {
    const next = h.game.next[h.street] ?? null;
    if (next === null) return [];
    h.dealing = next;
    for (const r of h.returns.filter((x) => x.street === next)) toStub(h, r.card, t.random);
    h.returns = h.returns.filter((x) => x.street !== next);
  }
  return [read(t, h)];
}

/** Steps between hands: players back from (or going) away, now and then a penalty, then the shuffle. */
export function shuffleSteps(t: SimTable): Step[] {
  const { random, away, rate } = t;
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
  const candidates = t.playerSeats.filter((s) => t.present.has(s) && !away.has(s));
  if (away.size === 0 && candidates.length >= 3 && random.chance(rate / 4)) {
    const seat = random.pick(candidates);
    away.set(seat, random.int(1, 3));
    steps.push({ after: random.int(500, 1500), input: { type: 'seat', seat, occupied: false }, answer: null });
    sensorChange = true;
  }
  if (t.penalised === 0 && random.chance(rate / 20)) {
    const seat = random.pick(t.playerSeats);
    steps.push({
      after: random.int(500, 1500),
      input: { type: 'command', name: 'penalty', seat, rounds: 1 },
      answer: null,
    });
  }
  if (t.restartLevelsAt !== null && t.now >= t.restartLevelsAt) {
    t.restartLevelsAt = null;
    steps.push(levelsStart(t));
  }
  // The sensor must hold its new level for the debounce before the hand starts, or the change lands mid-hand.
  const settle = sensorChange ? t.profile.presence.debounceMs + 500 : 0;
  steps.push({ after: Math.max(settle, random.int(3000, 8000)), input: { type: 'shuffle' }, answer: 'hand.started' });
  return steps;
}

const read = (t: SimTable, h: SimHand): Step => ({
  after: () => t.random.int(300, 1000),
  input: () => {
    const card = h.stub.pop();
    if (card === undefined) throw new Error('virtual dealer: the stub is empty');
    h.lastCard = card;
    return readBody(t, card);
  },
  answer: 'read',
});

/** One hole card, and the exposed card this hand's plan may call for right after it. */
function holeCardSteps(t: SimTable, h: SimHand): Step[] {
  h.holeReads += 1;
  const steps = [read(t, h)];
  if ((h.plan === 'exposed-late' || h.plan === 'exposed-early') && h.holeReads === h.exposeAt) {
    h.plan = null;
    const name = t.random.chance(0.5);
    steps.push({
      after: t.random.int(300, 1500),
      input: () =>
        name ? { type: 'panel', button: 'exposed', card: h.lastCard! } : { type: 'panel', button: 'exposed' },
      answer: 'exposed',
    });
  }
  return steps;
}

/** A seat is on action: the hand's planned irregularity if its moment has come, else the players decide. */
function onActionSteps(t: SimTable, h: SimHand, seat: Seat): Step[] {
  const { random } = t;
  if (h.waitingForTimer === seat) return [];
  const beforeAction = h.round.actions === 0;
  const first = h.street === h.game.firstStreet;
  if (h.plan === 'extra-card' && first && beforeAction) {
    h.plan = null;
    return [read(t, h)];
  }
  if (h.plan === 'dealer-misdeal' && first && beforeAction) {
    h.plan = null;
    return [{ after: random.int(1000, 3000), input: { type: 'panel', button: 'misdeal' }, answer: 'misdeal' }];
  }
  if (h.plan === 'flop-too-many' && h.street === 'flop' && beforeAction) {
    h.plan = null;
    return [read(t, h)];
  }
  if (h.plan === 'premature' && h.street === h.planStreet && !beforeAction) {
    h.plan = null;
    // a flop game's premature burn and card (R-PREMATURE-*); a stud game's one card, the next street's burn
    return h.game.irregularities === 'flop' ? [read(t, h), read(t, h)] : [read(t, h)];
  }
  if (h.plan === 'walks-away' && h.street === h.planStreet && !beforeAction) {
    // R-STAY-SEATED: a player with a live hand gets up (a violation once the sensor has settled), back later.
    h.plan = null;
    const walkers = t.playerSeats.filter((s) => s !== seat && t.present.has(s) && !h.out.has(s));
    if (walkers.length > 0) {
      const walker = random.pick(walkers);
      return [
        { after: random.int(300, 800), input: { type: 'seat', seat: walker, occupied: false }, answer: null },
        ...decide(t, h, seat),
        { after: random.int(2000, 6000), input: { type: 'seat', seat: walker, occupied: true }, answer: null },
      ];
    }
  }
  return decide(t, h, seat);
}

/** What the players do when one of them is on action. Every action lands before any clock that runs on them. */
function decide(t: SimTable, h: SimHand, seat: Seat): Step[] {
  const { random } = t;
  const onSeat = (): boolean => h.onAction?.seat === seat && t.hand === h;
  // R-STUD-BRING-IN: the bring-in seat posts it (`call`), never folds
  const bringsIn = h.bringIn === seat && h.round.forced && h.round.actions === 0;
  const act = (): Body | null =>
    !onSeat()
      ? null
      : bringsIn
        ? { type: 'panel', button: 'call' }
        : t.options.chips
          ? chipsAction(random, h.onAction!, t.seen ?? undefined)
          : { type: 'panel', button: chooseAction(random, h.round, seat) };
  /** Time left before the first running clock (shot clock or called clock) expires. */
  const room = (at: number): number => Math.min(h.onAction?.deadline ?? Infinity, h.clockAt ?? Infinity) - at;
  // A margin before the clock: in `npm start` timers run scaled, so an input may land a little after its `at`.
  const within = (wanted: number) => (at: number) => Math.min(wanted, room(at) - 1500);
  const plan = h.plan;
  if ((plan === 'clock' || plan === 'clock-expire') && h.street === h.planStreet && room(t.now) > 20_000) {
    h.plan = null;
    const request = clockRequest(t, seat);
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
    return [ask, { after: within(random.int(1000, t.profile.clock.seconds * 1000)), input: act, answer: 'action' }];
  }
  const deadline = h.onAction?.deadline ?? null;
  if (plan === 'timebank' && deadline !== null && (t.banks.get(seat) ?? 0) > 0 && room(t.now) > 5000) {
    h.plan = null;
    return [
      {
        after: (at) => deadline - at - random.int(2000, 4000),
        input: () => (onSeat() ? { type: 'timebank', seat } : null),
        answer: 'timebank',
      },
      { after: within(random.int(2000, 8000)), input: act, answer: 'action' },
    ];
  }
  return [{ after: within(thinkTime(random)), input: act, answer: 'action' }];
}

/** Who calls the clock on `seat`: another seated player most of the time, else the dealer or the floor. */
function clockRequest(t: SimTable, seat: Seat): Body {
  const { random } = t;
  const callers = t.playerSeats.filter((s) => s !== seat && t.present.has(s) && !t.away.has(s));
  const by = callers.length > 0 && random.chance(0.6) ? 'seat' : random.pick(['dealer', 'floor'] as const);
  return by === 'seat' ? { type: 'clock-request', by, seat: random.pick(callers) } : { type: 'clock-request', by };
}
