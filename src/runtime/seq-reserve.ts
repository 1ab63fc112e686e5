// With `storage.fsync: background` an input's commit reaches the disk a few milliseconds after its events were
// told (published, LEDs lit). A power cut inside that window loses the input but not what consumers saw, and a
// restart would give those seqs again to different events. The reserve is a seq recorded durably *before* any event
// above it is told, so a restart after a power cut can resume past it (gap.ts). It moves ahead in steps, in the
// background: only if a step's fsync has not finished by the time the events reach the old reserve (a disk that
// stalls for a whole step) does the card path wait for one fsync.
import type { Logger } from 'pino';
import type { Store } from '../store/store.ts';

export const DEFAULT_RESERVE_STEP = 1000;

export class SeqReserve {
  private readonly active: boolean;
  private durable: number;
  private moving = false;

  constructor(
    private readonly store: Store,
    private readonly step: number,
    private readonly logger: Logger,
  ) {
    // With every-input, each input is fsynced before the engine sees it: nothing told can be lost.
    this.active = store.fsync === 'background';
    this.durable = store.reservedSeq();
  }

  /** At start, before anything is told: a step ahead of `last`, fsynced. */
  start(last: number): void {
    if (!this.active || this.durable >= last + this.step / 2) return;
    this.store.reserveSeq(last + this.step);
    this.durable = last + this.step;
  }

  /** Before the events up to `last` are told. */
  cover(last: number): void {
    if (!this.active) return;
    if (last > this.durable) {
      this.store.reserveSeq(last + this.step); // fsynced in line: the background one is late
      this.durable = last + this.step;
      this.moving = false;
      return;
    }
    if (this.moving || last <= this.durable - this.step / 2) return;
    this.moving = true;
    const target = last + this.step;
    setTimeout(() => {
      if (this.store.closed) return;
      try {
        this.store.reserveSeq(target, () => {
          this.durable = Math.max(this.durable, target);
          this.moving = false;
        });
      } catch (err) {
        this.moving = false;
        this.logger.error({ err }, 'cannot move the seq reserve ahead; will retry');
      }
    }, 0);
  }
}
