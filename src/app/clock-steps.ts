// What the table does when the wall clock jumps: it keeps its own time (src/runtime/clock.ts) and says so, in the log
// (warn) and as a `device.online` event of the `wall-clock` device, retained on `<base>/devices/wall-clock`.
import type { Logger } from 'pino';
import type { ClockStep } from '../runtime/clock.ts';
import type { Runtime } from '../runtime/types.ts';

export const WALL_CLOCK_DEVICE = 'wall-clock';

export interface ClockStepReporter {
  /** Give this to the clock (`onStep`). */
  onStep(step: ClockStep): void;
  /** Steps seen before the runtime exists (the one found at start) are reported once it is attached. */
  attach(runtime: Runtime): void;
}

const abs = (ms: number) => `${(Math.abs(ms) / 1000).toFixed(1)} s`;

export function stepDetail(step: ClockStep): string {
  const behind = step.wall - step.table; // > 0: the table's labels are behind the wall clock
  const gap = `table time ${behind >= 0 ? 'behind' : 'ahead of'} the wall clock by ${abs(behind)}`;
  if (step.caughtUp)
    return `table time caught up with the wall clock (${abs(step.byMs)} ahead) while no timer was running`;
  if (step.atStart) {
    return `wall clock ${abs(step.byMs)} behind the journal's last time at start; the table carries on from the journal (${gap})`;
  }
  return `wall clock stepped ${step.byMs >= 0 ? '+' : '-'}${abs(step.byMs)}; timers and levels kept their pace (${gap})`;
}

export function clockStepReporter(logger: Logger): ClockStepReporter {
  const log = logger.child({ module: 'clock' });
  const waiting: ClockStep[] = [];
  let runtime: Runtime | null = null;

  const submit = (step: ClockStep) => {
    try {
      runtime?.submit({ type: 'device', device: WALL_CLOCK_DEVICE, online: true, detail: stepDetail(step) });
    } catch (err) {
      // The journal refused it (closed, disk full): the log line above still says it.
      log.error({ err }, 'could not report the wall-clock step as an event');
    }
  };

  return {
    onStep(step) {
      log.warn(
        { stepMs: step.byMs, wall: step.wall, table: step.table, atStart: step.atStart ?? false },
        stepDetail(step),
      );
      if (runtime) submit(step);
      else waiting.push(step);
    },
    attach(r) {
      runtime = r;
      for (const step of waiting.splice(0)) submit(step);
    },
  };
}
