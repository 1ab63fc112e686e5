// The runtime alone numbers events: the engine gives them with `at` (and `hand`), and `seq` is put in here, from
// the journal's last one. The published key order stays type, fields, seq, at, hand (protocol.md's examples, the
// golden replays, consumers that compare text).
import type { EngineEvent, TableEvent } from '../domain/types.ts';

/** The event numbered `seq`: a new object, with `seq` before `at` and `hand`. */
export function numbered(event: EngineEvent, seq: number): TableEvent {
  const { at, hand, ...body } = event;
  const out = body as TableEvent;
  out.seq = seq;
  out.at = at;
  if (hand !== undefined) out.hand = hand;
  return out;
}

/** One input's events numbered from `last + 1`, in order. */
export function numberEvents(events: readonly EngineEvent[], last: number): TableEvent[] {
  return events.map((e, i) => numbered(e, last + 1 + i));
}
