// The virtual dealer and players: a deterministic stand-in for the people at the table. It only ever produces the
// protocol's inputs (shuffle, card reads, panel buttons, seat sensor levels, clock and time-bank requests, floor
// commands) and learns what happened from the engine's events, exactly as a dealer learns it from the panel display.
//
// One input at a time is "in flight": the virtual table waits for the event that answers it (a read → `card.dealt`,
// an action → `action`, …) before deciding the next one, so it works whatever way the caller batches events.
import type { Input } from '../domain/types.ts';
import { checkOptions, type VirtualTable, type VirtualTableOptions } from './options.ts';
import { firstShuffle, freshOpening, repairs } from './opening.ts';
import { followEvent } from './follow.ts';
import { plan } from './plan.ts';
import { misdealStep, startFinishing } from './resume.ts';
import type { Step } from './steps.ts';
import { createSimTable, type SimTable } from './table-state.ts';

export type { VirtualTable, VirtualTableOptions } from './options.ts';

export function createVirtualTable(options: VirtualTableOptions): VirtualTable {
  checkOptions(options);
  const t = createSimTable(options);
  return {
    start() {
      t.now = options.startAt;
      return emit(t, openingSteps(t));
    },
    react(events) {
      for (const e of events) followEvent(t, e);
      const out: Input[] = [];
      // Side inputs (seat sensors, commands) are not waited for: keep going until an input is in flight.
      while (t.awaiting === null) {
        if (t.agenda.length === 0) t.agenda = plan(t);
        if (t.agenda.length === 0) break;
        out.push(...emit(t, t.agenda));
      }
      return out;
    },
  };
}

/** Takes steps off the front of `steps` and stamps them with their time, up to and including one that waits. */
function emit(t: SimTable, steps: Step[]): Input[] {
  const out: Input[] = [];
  while (steps.length > 0 && t.awaiting === null) {
    const step = steps.shift()!;
    const body = typeof step.input === 'function' ? step.input() : step.input;
    if (body === null) continue; // overtaken by events (e.g. the action moved on): nothing to do
    t.now += typeof step.after === 'number' ? step.after : Math.max(1, step.after(t.now));
    out.push({ ...body, at: t.now } as Input);
    t.awaiting = step.answer;
  }
  return out;
}

/** A fresh table's set-up; or, recovered, the table learnt as the snapshot shows it, what it lacks added, and the
 * hand under way ended. */
function openingSteps(t: SimTable): Step[] {
  const resume = t.options.resume;
  if (!resume || resume.snapshot.seats === 0) return freshOpening(t);
  const snap = resume.snapshot;
  for (const info of snap.seatInfo) {
    if (info.present) t.present.add(info.seat);
    if (t.banks.has(info.seat)) t.banks.set(info.seat, info.timeBanks);
    if (info.penaltyHands > 0) t.penalised += 1;
  }
  t.bankLevel = snap.level?.level ?? null;
  const { sensors, table } = repairs(t, snap);
  if (snap.hand === null) return [...sensors, ...table, firstShuffle(t.profile)];
  t.finishing = startFinishing(resume, t.random);
  t.afterHand = table;
  return [...sensors, misdealStep(t.random)];
}
