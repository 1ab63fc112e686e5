// A seat's chip reader over any tag source: it groups the tags' comings and goings into motions (motion.ts) and
// sends each as the seat's `chips` input. The PC/SC reader (index.ts) and the simulated one (simulated.ts) differ
// only in where the tags come from. A tag never enrolled is no chip: it is logged and named in the device's detail,
// and the table plays on.
import type { Logger } from 'pino';
import { deviceLogger, type DeviceContext } from '../types.ts';
import { createMotionGrouper, type MotionGrouper } from './motion.ts';

export interface ChipReaderSettings {
  name: string;
  seat: number;
  settleMs: number;
  /** Enrolled chip tags: uid → value. */
  chips: ReadonlyMap<string, number>;
}

/** pcsc-chip-reader.schema.json's default settle window, for a simulated reader (it has no definition file). */
export const DEFAULT_SETTLE_MS = 800;

/** Runs `fn` after `ms` of the device's own time: wall time for a real reader, the table's clock for a simulated one. */
export type Schedule = (ms: number, fn: () => void) => () => void;

export const wallTimer: Schedule = (ms, fn) => {
  const t = setTimeout(fn, ms);
  return () => clearTimeout(t);
};

/** The part both readers share: status words, the grouper, the inputs. */
export class ChipZone {
  readonly grouper: MotionGrouper;
  private ctx: DeviceContext | null = null;
  private log: Logger | null = null;
  /** The last status the source reported, to add the zone's words to. */
  private status: { online: boolean; detail: string } = { online: false, detail: '' };

  constructor(
    private readonly settings: ChipReaderSettings,
    schedule: Schedule,
  ) {
    this.grouper = createMotionGrouper({
      settleMs: settings.settleMs,
      valueOf: (uid) => settings.chips.get(uid),
      schedule,
      motion: (m) => this.ctx?.submit({ type: 'chips', seat: settings.seat, added: m.added, removed: m.removed }),
      unknown: (uid) => {
        this.log?.warn(
          { uid, seat: settings.seat },
          'chip tag not enrolled: left out of the motion (enroll it with `npm run chips -- enroll`)',
        );
        this.report(
          this.status.online,
          `${this.status.detail}; tag ${uid} is no enrolled chip (npm run chips -- enroll)`,
        );
      },
      settled: (n) =>
        this.report(true, `${this.status.detail}; seat ${settings.seat}, ${n} chip${n === 1 ? '' : 's'} in the zone`),
    });
  }

  attach(ctx: DeviceContext): void {
    this.ctx = ctx;
    this.log = deviceLogger(ctx.logger, this.settings.name);
  }

  detach(): void {
    this.grouper.stop();
    this.ctx = null;
  }

  /** The tag source's own status (reader found, pcscd gone, …): a reader ready takes the zone as it lies. */
  sourceStatus(online: boolean, detail: string): void {
    this.status = { online, detail };
    if (online) this.grouper.ready();
    else this.grouper.reset();
    this.report(online, detail);
  }

  private report(online: boolean, detail: string): void {
    this.ctx?.submit({ type: 'device', device: this.settings.name, online, detail });
  }
}
