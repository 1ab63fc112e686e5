import type { RoomState, SentCommand } from './state.ts';

/** Commands remembered for their answers: far more than are ever in flight at once. */
const SENT_KEPT = 2000;
import type { OutputBody, RoomOutput, TableCommand } from './types.ts';

/** One step's working context: outputs get their `seq` and `at` stamped here, in order. */
export class RoomCtx {
  readonly outputs: RoomOutput[] = [];
  constructor(
    readonly state: RoomState,
    public at: number,
  ) {}

  emit(body: OutputBody): void {
    const output = body as RoomOutput;
    output.seq = ++this.state.seq;
    output.at = this.at;
    this.outputs.push(output);
  }

  send(table: string, command: TableCommand, about: Omit<SentCommand, 'table' | 'command'> = {}): void {
    this.emit({ type: 'send', table, command });
    // a refusal is acted on by the seq its id carries (answers.ts); the oldest are forgotten
    if (command.name === 'level-set') return;
    const sent = this.state.sent;
    sent.set(this.state.seq, { table, command, ...about });
    if (sent.size > SENT_KEPT) sent.delete(sent.keys().next().value!);
  }

  reject(request: string, reason: string, message?: string): void {
    this.emit(
      message === undefined
        ? { type: 'request.rejected', request, reason }
        : { type: 'request.rejected', request, reason, message },
    );
  }
}
