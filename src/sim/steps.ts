// The virtual table's unit of work: a step is one input, when it happens, and the event that answers it.
import type { Input, EngineEvent } from '../domain/types.ts';

export type Answer = 'hand.started' | 'read' | 'action' | 'exposed' | 'burn' | 'clock' | 'timebank' | 'misdeal';
export type Body = Input extends infer I ? (I extends Input ? Omit<I, 'at'> : never) : never;

export interface Step {
  /** Delay after the previous input (ms), or a function of the time now. */
  after: number | ((now: number) => number);
  input: Body | (() => Body | null);
  /** The event type that answers it; side inputs (seat sensors, commands) are not waited for. */
  answer: Answer | null;
}

const ANSWERED_BY: Record<Answer, EngineEvent['type']> = {
  'hand.started': 'hand.started',
  read: 'card.dealt',
  action: 'action',
  exposed: 'irregularity',
  burn: 'board',
  clock: 'clock.called',
  timebank: 'timebank.used',
  misdeal: 'misdeal',
};

/** Whether an event answers the input in flight (a refusal answers anything: no other answer will come). */
export function answers(awaiting: Answer, e: EngineEvent): boolean {
  if (e.type === 'request.rejected' || e.type === 'input.rejected') return true;
  if (e.type === 'hand.ended') return awaiting !== 'hand.started';
  if (e.type === 'irregularity') return awaiting === 'read' || (awaiting === 'exposed' && e.kind === 'exposed-card');
  if (e.type === 'misdeal') return awaiting === 'read' || awaiting === 'exposed' || awaiting === 'misdeal';
  if (e.type === 'action') return awaiting === 'action' && e.by !== 'clock';
  return ANSWERED_BY[awaiting] === e.type;
}
