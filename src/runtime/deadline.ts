// The engine's next timer on the clock. When it comes, a tick is submitted; a tick the journal refused (a full disk)
// leaves the deadline standing and is tried again, so timers never stop for good.
import type { Logger } from 'pino';
import type { Clock } from './types.ts';

/** A timer tick the journal refused is tried again after this long (ms, by the clock). */
const TIMER_RETRY_MS = 1000;

export class DeadlineTimer {
  private armed: { at: number; cancel: () => void } | undefined;
  private failing = false;

  constructor(
    private readonly o: {
      clock: Clock;
      logger: Logger;
      nextDeadline(): number | null;
      tick(deadline: number): void;
      isClosed(): boolean;
    },
  ) {}

  /** Arms the engine's next deadline (after every input). */
  schedule(): void {
    const { clock } = this.o;
    if (this.o.isClosed()) return;
    const deadline = this.o.nextDeadline();
    if (deadline === null) clock.settle?.(); // no timer runs: a wall-clock step may be caught up with now
    if (this.armed && this.armed.at === deadline) return;
    this.cancel();
    if (deadline === null) return;
    const cancel = clock.setTimer(deadline, () => {
      if (this.armed?.cancel !== cancel || this.o.isClosed()) return;
      this.armed = undefined;
      this.fire(deadline);
    });
    this.armed = { at: deadline, cancel };
  }

  cancel(): void {
    this.armed?.cancel();
    this.armed = undefined;
  }

  private fire(deadline: number): void {
    try {
      this.o.tick(deadline);
      this.failing = false;
    } catch (err) {
      // Logged once; the table's health says the rest (storage-watch.ts).
      if (!this.failing) this.o.logger.error({ err, deadline }, 'a timer tick failed; retrying');
      this.failing = true;
      this.retry();
    }
  }

  private retry(): void {
    const cancel = this.o.clock.setTimer(this.o.clock.now() + TIMER_RETRY_MS, () => {
      if (this.armed?.cancel !== cancel || this.o.isClosed()) return;
      this.armed = undefined;
      this.schedule();
    });
    this.armed = { at: Number.NaN, cancel }; // no deadline: the next schedule() replaces it
  }
}
