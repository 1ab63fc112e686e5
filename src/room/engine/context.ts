import type { RoomState } from './state.ts';
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

  send(table: string, command: TableCommand): void {
    this.emit({ type: 'send', table, command });
  }

  reject(request: string, reason: string, message?: string): void {
    this.emit(
      message === undefined
        ? { type: 'request.rejected', request, reason }
        : { type: 'request.rejected', request, reason, message },
    );
  }
}
