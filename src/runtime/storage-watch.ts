// A journal that cannot be written (a full disk, a failing card) stops the table from taking inputs: an input the
// journal refuses never reaches the engine, so the state never runs ahead of the journal. The table must say so at
// once, everywhere people look, and come back by itself:
// - at the first failed write, health turns `degraded` (reason `storage`), logged once at error; the MQTT bridge
//   publishes it retained (`<base>/health`, `<base>/devices/storage`) outside the journal, which cannot take it;
// - every `retryMs` it tries to journal the outage itself, as a `device` input for the `storage` device;
// - when a write passes again (that try, or any input), the outage goes into the journal as `device.offline` (at the
//   time it began) and `device.online` events, so the event stream and a replay both show it, and health is `ok`.
import type { Logger } from 'pino';
import type { TableError } from '../domain/errors.ts';
import type { TableHealth } from './health.ts';
import type { Clock, RawInput } from './types.ts';

export const STORAGE_DEVICE = 'storage';

export interface StorageWatchOptions {
  health: TableHealth;
  clock: Clock;
  logger: Logger;
  /** How often a down journal is tried again (ms, by the clock); 5 s by default. */
  retryMs?: number;
}

export class StorageWatch {
  private down: { since: number; detail: string; offlineJournaled: boolean } | null = null;
  private submit: ((input: RawInput) => unknown) | null = null;
  private cancelRetry: (() => void) | null = null;
  private recovering = false;
  private stopped = false;

  constructor(private readonly o: StorageWatchOptions) {}

  /** Give this to openStore as `onWritable`. */
  readonly onWritable = (problem: TableError | null): void => {
    if (problem) return this.failed(problem);
    // A write passed: journal the outage, but not from inside the write that is under way.
    if (this.down && !this.recovering) {
      this.recovering = true;
      setImmediate(() => {
        this.recovering = false;
        this.recover();
      });
    }
  };

  /** The runtime's submit, once the runtime exists (the store reports from its first write on). */
  attach(submit: (input: RawInput) => unknown): void {
    this.submit = submit;
    if (this.down) this.armRetry();
  }

  stop(): void {
    this.stopped = true;
    this.cancelRetry?.();
    this.cancelRetry = null;
  }

  private failed(problem: TableError): void {
    const detail = problem.code === 'STORAGE_FULL' ? 'disk full: the journal cannot be written' : problem.message;
    if (this.down) this.down.detail = detail;
    else this.down = { since: this.o.clock.now(), detail, offlineJournaled: false };
    this.o.health.problem(STORAGE_DEVICE, detail, problem.code);
    this.armRetry();
  }

  private armRetry(): void {
    if (this.stopped || !this.submit || this.cancelRetry) return;
    const { clock } = this.o;
    this.cancelRetry = clock.setTimer(clock.now() + (this.o.retryMs ?? 5000), () => {
      this.cancelRetry = null;
      this.recover();
    });
  }

  private recover(): void {
    const down = this.down;
    if (!down || !this.submit || this.stopped) return;
    try {
      if (!down.offlineJournaled) {
        this.submit({ type: 'device', device: STORAGE_DEVICE, online: false, detail: down.detail, at: down.since });
        down.offlineJournaled = true;
      }
      const seconds = Math.round((this.o.clock.now() - down.since) / 1000);
      this.submit({
        type: 'device',
        device: STORAGE_DEVICE,
        online: true,
        detail: `the journal can be written again (after ${seconds} s)`,
      });
    } catch (err) {
      // Still failing: the store has said so (failed() armed the next try). Anything else is logged, and retried.
      if ((err as TableError).code !== 'STORAGE_FULL') this.o.logger.debug({ err }, 'the journal is still down');
      this.armRetry();
      return;
    }
    this.down = null;
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.o.health.resolved(STORAGE_DEVICE);
  }
}
