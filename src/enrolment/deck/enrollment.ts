// Enrolling a deck: the operator shows the cards one by one in a fixed order, and each new tag is bound to the card
// asked for. A pure state machine (state, read) → (state, outcome), so the CLI only prints and the rules are tested
// as tables.
import { normalizeUid } from '../../hardware/shoe/spec.ts';
import { ENROLL_ORDER } from './cards.ts';

export type EnrollState =
  /** Not asking for a card yet (the reader is not ready). */
  | { phase: 'idle'; order: readonly string[]; tags: ReadonlyMap<string, string> }
  | { phase: 'expecting'; order: readonly string[]; index: number; tags: ReadonlyMap<string, string> }
  | { phase: 'done'; order: readonly string[]; tags: ReadonlyMap<string, string> };

export type EnrollOutcome =
  | { kind: 'enrolled'; uid: string; card: string; count: number; total: number; next: string | null }
  /** The tag is already bound: `card` is the card it already is. */
  | { kind: 'repeated-tag'; uid: string; card: string; expected: string }
  | { kind: 'not-expecting'; uid: string }
  | { kind: 'bad-uid'; raw: string };

export function createEnrollment(order: readonly string[] = ENROLL_ORDER): EnrollState {
  return { phase: 'idle', order, tags: new Map() };
}

/** Starts (or resumes) asking for cards. */
export function begin(state: EnrollState): EnrollState {
  if (state.phase !== 'idle') return state;
  return state.tags.size >= state.order.length
    ? { phase: 'done', order: state.order, tags: state.tags }
    : { phase: 'expecting', order: state.order, index: state.tags.size, tags: state.tags };
}

/** Stops asking (the reader went away): reads are refused until `begin` again. Nothing enrolled is lost. */
export function pause(state: EnrollState): EnrollState {
  return state.phase === 'expecting' ? { phase: 'idle', order: state.order, tags: state.tags } : state;
}

/** The card to present now, or null. */
export function expected(state: EnrollState): string | null {
  return state.phase === 'expecting' ? (state.order[state.index] ?? null) : null;
}

export function enrollRead(state: EnrollState, raw: string): { state: EnrollState; outcome: EnrollOutcome } {
  const uid = normalizeUid(raw);
  if (uid === null) return { state, outcome: { kind: 'bad-uid', raw } };
  if (state.phase !== 'expecting') return { state, outcome: { kind: 'not-expecting', uid } };
  const card = state.order[state.index] as string;
  const already = state.tags.get(uid);
  if (already !== undefined) return { state, outcome: { kind: 'repeated-tag', uid, card: already, expected: card } };
  const tags = new Map(state.tags).set(uid, card);
  const index = state.index + 1;
  const total = state.order.length;
  const next: EnrollState =
    index >= total
      ? { phase: 'done', order: state.order, tags }
      : { phase: 'expecting', order: state.order, index, tags };
  return { state: next, outcome: { kind: 'enrolled', uid, card, count: index, total, next: expected(next) } };
}
