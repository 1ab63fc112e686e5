import { describeReason } from './reasons.ts';
import type { State } from './state.ts';
import type { EngineEvent, EventBody } from './types.ts';

/** One step's working context: events get their `at` and `hand` stamped here, in order (the runtime numbers them). */
export class Ctx {
  readonly events: EngineEvent[] = [];
  constructor(
    readonly state: State,
    public at: number,
  ) {}

  emit(body: EventBody): void {
    // The body is a fresh literal at every call site: stamping it in place saves a copy per event (the hot path of
    // a replay). Key order is therefore type, fields, then at, hand.
    const event = body as EngineEvent;
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
