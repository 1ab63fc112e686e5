import { describeReason } from './reasons.ts';
import type { State } from './state.ts';
import type { EventBody, TableEvent } from './types.ts';

/** One step's working context: events get their `seq`, `at` and `hand` stamped here, in order. */
export class Ctx {
  readonly events: TableEvent[] = [];
  constructor(
    readonly state: State,
    public at: number,
  ) {}

  emit(body: EventBody): void {
    // The body is a fresh literal at every call site: stamping it in place saves a copy per event (the hot path of
    // a replay). Key order is therefore type, fields, then seq, at, hand.
    const event = body as TableEvent;
    event.seq = ++this.state.seq;
    event.at = this.at;
    const hand = this.state.hand;
    if (hand) event.hand = hand.number;
    this.events.push(event);
  }

  reject(request: string, reason: string, seat?: number): void {
    const { code, message } = describeReason(reason, seat);
    this.emit(
      seat === undefined
        ? { type: 'request.rejected', request, reason, code, message }
        : { type: 'request.rejected', request, reason, seat, code, message },
    );
  }
}
