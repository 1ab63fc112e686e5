// How the virtual dealer learns what happened: each engine event updates what it knows of the table (table-state.ts),
// answers the input in flight, and may add steps to the agenda (a burn card due, the next shuffle, a rebuy).
import type { EngineEvent } from '../domain/types.ts';
import { newHand, trackHand } from './hand.ts';
import { mixedStructureEnd, seatPlayer } from './opening.ts';
import { shuffleSteps } from './plan.ts';
import { trackFinishing } from './resume.ts';
import { answers } from './steps.ts';
import type { SimTable } from './table-state.ts';

export function followEvent(t: SimTable, e: EngineEvent): void {
  t.now = Math.max(t.now, e.at);
  if (t.awaiting !== null && answers(t.awaiting, e)) t.awaiting = null;
  t.seen?.follow(e);
  if (t.sightings && (t.hand !== null || e.type === 'hand.started')) t.agenda.push(...t.sightings.follow(e));
  if (e.type === 'seat.occupied') t.present.add(e.seat);
  if (e.type === 'seat.vacated') t.present.delete(e.seat);
  if (e.type === 'hand.started') return handStarted(t, e);
  followTable(t, e);
  if (t.finishing) trackFinishing(t.finishing, e);
  if (e.type === 'hand.ended') {
    t.hand = null;
    t.finishing = null;
    t.agenda = [...t.afterHand.splice(0), ...shuffleSteps(t)];
    return;
  }
  const idle = t.hand === null && t.finishing === null && t.agenda.length === 0;
  if ((e.type === 'request.rejected' || e.type === 'input.rejected') && idle) {
    // The shuffle was refused (it should not be): try again a little later.
    t.agenda = [{ after: 5000, input: { type: 'shuffle' }, answer: 'hand.started' }];
  }
  if (t.hand === null) return;
  const burn = trackHand(t.hand, e, t.profile, t.random);
  if (burn !== null)
    t.agenda.push({
      after: t.random.int(2000, 5000),
      input: { type: 'panel', button: 'burn', card: burn },
      answer: 'burn',
    });
}

function handStarted(t: SimTable, e: Extract<EngineEvent, { type: 'hand.started' }>): void {
  const { profile } = t;
  // Time banks refill at the first hand of a new level (shotClock.bankReset: level), as the table does.
  if (profile.shotClock.bankReset === 'level' && e.level !== t.bankLevel)
    for (const seat of t.playerSeats) t.banks.set(seat, profile.shotClock.timeBanks);
  t.bankLevel = e.level;
  t.hand = newHand(e, t.random, profile, t.rate);
}

/** The table's own bookkeeping, hand or no hand: time banks, rebuys, penalties. */
function followTable(t: SimTable, e: EngineEvent): void {
  if (e.type === 'timebank.used') t.banks.set(e.seat, e.remaining);
  // R-CHIPS-BUST: the busted player buys in again before the next shuffle (a rebuy, BFP 18)
  if (e.type === 'player.eliminated') t.afterHand.push(seatPlayer(t, e.seat, e.player));
  if (e.type === 'penalty.started') t.penalised += 1;
  if (e.type === 'penalty.ended') t.penalised -= 1;
  if (e.type === 'level.changed' && e.break !== true) {
    const end = mixedStructureEnd(t);
    if (end !== null && e.level === end.level) t.restartLevelsAt = e.at + end.minutes * 60_000;
  }
}
