// The one input the runtime journals itself: after a power cut that may have cost published events (fsync
// `background`), numbering skips past every seq that may have been told, and a `journal.gap` event says so.
// Journaled like any input, so a replay skips the same seqs at the same point.
import type { TableEvent } from '../domain/types.ts';
import type { RawInput } from './types.ts';

export interface GapInput {
  type: 'journal.gap';
  /** The seqs skipped when it was journaled (a replay skips as many, right before the gap event). */
  from: number;
  to: number;
  reason: 'power-cut';
  at: number;
  /** Marks the runtime's own input: submit() drops it from any adapter's input, so none can skip seqs. */
  runtime: true;
}

export function gapInput(from: number, to: number, at: number): GapInput & RawInput {
  return { type: 'journal.gap', from, to, reason: 'power-cut', at, runtime: true };
}

/** The runtime's own gap input, or null for everything else (including an adapter's look-alike). */
export function gapOf(input: unknown): GapInput | null {
  if (typeof input !== 'object' || input === null) return null;
  const i = input as Partial<GapInput>;
  const ok =
    i.type === 'journal.gap' && i.runtime === true && Number.isSafeInteger(i.from) && Number.isSafeInteger(i.to);
  return ok && i.to! >= i.from! ? (i as GapInput) : null;
}

/** Seqs the gap uses up: the skipped ones and the gap event's own. */
export const gapWidth = (gap: GapInput): number => gap.to - gap.from + 2;

/** The gap event numbered `seq`; the skipped seqs are the ones right before it. */
export function gapEvent(gap: GapInput, seq: number): TableEvent {
  const skipped = gap.to - gap.from + 1;
  return { type: 'journal.gap', from: seq - skipped, to: seq - 1, reason: gap.reason, seq, at: gap.at };
}

/** An adapter's input never carries the runtime's mark. */
export function withoutRuntimeMark(raw: RawInput): RawInput {
  if (!('runtime' in raw)) return raw;
  const { runtime: _mark, ...rest } = raw;
  return rest as RawInput;
}
