// Enrolling chip tags: the operator says the value (`--value 500`), then passes each chip of that value over the
// reader; each new tag is bound to it. A pure step function (chips, read) → (chips, outcome), so the CLI only prints
// and the rules are tested as tables. Enrolling adds to the chips already enrolled (one value at a time).
import { normalizeUid } from '../../hardware/shoe/spec.ts';

export type ChipOutcome =
  | { kind: 'enrolled'; uid: string; value: number; count: number }
  /** The tag is already a chip of this value: nothing changes (a chip passed twice). */
  | { kind: 'again'; uid: string; value: number }
  /** The tag is already a chip of another value: refused (a chip changes value only in a new chips file). */
  | { kind: 'other-value'; uid: string; value: number; asked: number }
  | { kind: 'bad-uid'; raw: string };

/** Binds the tag read to `value`; `chips` is not changed, a new map is returned. */
export function enrollChip(
  chips: ReadonlyMap<string, number>,
  value: number,
  raw: string,
): { chips: ReadonlyMap<string, number>; outcome: ChipOutcome } {
  const uid = normalizeUid(raw);
  if (uid === null) return { chips, outcome: { kind: 'bad-uid', raw } };
  const already = chips.get(uid);
  if (already === value) return { chips, outcome: { kind: 'again', uid, value } };
  if (already !== undefined) return { chips, outcome: { kind: 'other-value', uid, value: already, asked: value } };
  const next = new Map(chips).set(uid, value);
  const count = [...next.values()].filter((v) => v === value).length;
  return { chips: next, outcome: { kind: 'enrolled', uid, value, count } };
}
