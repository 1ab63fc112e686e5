// A simulated table restarted on its own journal (a demo host's power cut): the virtual dealer cannot know the
// stub or the plan of the hand that was under way, so it ends that hand — the dealer's `misdeal` button while no
// substantial action has taken place, else every player on action folds and the board is read out from the cards
// not yet seen — and plays on from the next shuffle.
import type { EngineSnapshot } from '../domain/snapshot/types.ts';
import type { Seat, EngineEvent } from '../domain/types.ts';
import { deckByRank } from '../protocol/notation.ts';
import type { Random } from './random.ts';
import type { Body, Step } from './steps.ts';

export interface ResumeFrom {
  /** The recovered table, as the runtime gives it after recovery. */
  snapshot: EngineSnapshot;
  /** The full events (cards included) of the hand under way, from its `hand.started`; empty between hands. */
  handEvents: readonly EngineEvent[];
}

export interface Finishing {
  stub: string[];
  onAction: Seat | null;
  reads: number;
}

const CARDS = deckByRank();
/** More reads than a deck without the hand ending: the recovered hand is stuck (e.g. a four-card flop whose burn was
 * never named). A stud hand's streets deal a card to every live seat, so no count below the deck will do. */
const MAX_READS = 52;

/** Every card the hand's events show out of the stub. */
export function cardsOut(events: readonly EngineEvent[]): Set<string> {
  const out = new Set<string>();
  for (const e of events) {
    if ((e.type === 'card.dealt' || e.type === 'irregularity') && e.card) out.add(e.card);
    if (e.type === 'board') for (const c of e.cards) out.add(c);
  }
  return out;
}

export function startFinishing(resume: ResumeFrom, random: Random): Finishing {
  const out = cardsOut(resume.handEvents);
  return {
    stub: random.shuffle(CARDS.filter((c) => !out.has(c))),
    onAction: resume.snapshot.onAction?.seat ?? null,
    reads: 0,
  };
}

/** Follows who is on action in the recovered hand. */
export function trackFinishing(f: Finishing, e: EngineEvent): void {
  if (e.type === 'action.on') f.onAction = e.seat;
  if ((e.type === 'action' || e.type === 'hand.dead') && e.seat === f.onAction) f.onAction = null;
}

/** The dealer's `misdeal` button: ends the hand unless there was substantial action (then it is refused). */
export const misdealStep = (random: Random): Step => ({
  after: random.int(1000, 3000),
  input: { type: 'panel', button: 'misdeal' },
  answer: 'misdeal',
});

/** The next step of the recovered hand: the player on action folds; nobody on action, the next board card. */
export function finishSteps(f: Finishing, random: Random, read: (card: string) => Body): Step[] {
  if (f.onAction !== null) {
    return [
      {
        after: random.int(1000, 3000),
        input: () => (f.onAction !== null ? { type: 'panel', button: 'fold' } : null),
        answer: 'action',
      },
    ];
  }
  f.reads += 1;
  const card = f.stub.pop();
  if (card === undefined || f.reads > MAX_READS) {
    throw new Error('virtual dealer: the hand recovered from the journal does not end; start on a new --state-dir');
  }
  return [{ after: random.int(300, 1000), input: read(card), answer: 'read' }];
}
