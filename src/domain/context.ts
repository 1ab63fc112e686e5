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
    // seq, at, type and hand lead, so a line reads well and a replay's bytes are stable
    const hand = this.state.hand;
    const seq = ++this.state.seq;
    const event = hand ? { seq, at: this.at, type: body.type, hand: hand.number, ...(body as object) } : { seq, at: this.at, ...body };
    this.events.push(event as TableEvent);
  }

  reject(request: string, reason: string, seat?: number): void {
    this.emit(seat === undefined ? { type: 'request.rejected', request, reason } : { type: 'request.rejected', request, reason, seat });
  }
}
