// The table's health: `ok`, or `degraded` with the reasons (a journal that cannot be written, …). Published retained
// on `<base>/health` (src/mqtt/health.ts), shown by the board, logged once at error when a reason appears.
import type { Logger } from 'pino';
import type { TableErrorCode } from '../domain/errors.ts';

export interface HealthReason {
  /** What is wrong: `storage` (the journal), … */
  component: string;
  detail: string;
  code?: TableErrorCode;
  /** Since when (ms, the table's clock). */
  since: number;
}

export interface HealthReport {
  state: 'ok' | 'degraded';
  reasons: HealthReason[];
  /** Since when the table has been in this state. */
  since: number;
}

export interface Health {
  report(): HealthReport;
  /** Called at each change of state or reasons; returns the unsubscribe. */
  onChange(listener: (report: HealthReport) => void): () => void;
}

export class TableHealth implements Health {
  private readonly reasons = new Map<string, HealthReason>();
  private readonly listeners = new Set<(report: HealthReport) => void>();
  private since: number;

  constructor(
    private readonly now: () => number,
    private readonly logger: Logger,
    /** Whose health, in the log line: the room service keeps one too (src/room/service/health.ts). */
    private readonly whose = 'the table',
  ) {
    this.since = now();
  }

  /** `component` is failing. Logged at error when it starts failing or the detail changes, never per attempt. */
  problem(component: string, detail: string, code?: TableErrorCode): void {
    const had = this.reasons.get(component);
    if (had && had.detail === detail) return;
    const at = this.now();
    if (this.reasons.size === 0) this.since = at;
    this.reasons.set(component, { component, detail, ...(code ? { code } : {}), since: had?.since ?? at });
    this.logger.error({ component, detail, code }, `${this.whose} is degraded: ${component}: ${detail}`);
    this.changed();
  }

  /** `component` works again. */
  resolved(component: string): void {
    const had = this.reasons.get(component);
    if (!had) return;
    this.reasons.delete(component);
    const at = this.now();
    if (this.reasons.size === 0) this.since = at;
    this.logger.warn({ component, downMs: at - had.since }, `${component} works again`);
    this.changed();
  }

  has(component: string): boolean {
    return this.reasons.has(component);
  }

  report(): HealthReport {
    const reasons = [...this.reasons.values()].map((r) => ({ ...r }));
    return { state: reasons.length === 0 ? 'ok' : 'degraded', reasons, since: this.since };
  }

  onChange(listener: (report: HealthReport) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private changed(): void {
    const report = this.report();
    for (const listener of [...this.listeners]) {
      try {
        listener(report);
      } catch (err) {
        this.logger.error({ err }, 'a health listener failed');
      }
    }
  }
}
