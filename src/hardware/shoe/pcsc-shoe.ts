// The PC/SC card shoe: every tag the reader sees becomes a `card` input with its uid. The shoe never stops the
// table: without nfc-pcsc, without pcscd or without its reader it reports itself offline and keeps trying, with
// exponential backoff, until it is back.
import type { Logger } from 'pino';
import { deviceLogger, type Device, type DeviceContext } from '../types.ts';
import {
  pcscdAdvice,
  loadNfcPcsc,
  probePcscd,
  type PcscBackend,
  type PcscContext,
  type PcscEvents,
} from './backend.ts';
import { createRepeatFilter, type RepeatFilter } from './repeat.ts';
import type { PcscKind, ShoeSettings } from './spec.ts';

export interface PcscShoeDeps {
  /** Loads the PC/SC binding (nfc-pcsc by default); tests inject a failing one to see the missing-module path. */
  loadBackend?: () => Promise<PcscBackend>;
  /** Answers null when pcscd is reachable, else why not. */
  probe?: (socket: string) => Promise<string | null>;
  /** Takes the tags' comings and goings instead of the `card` inputs (a chip reader, chip-reader/pcsc.ts). */
  watcher?: TagWatcher;
}

/** Follows what lies on the readers: each tag that arrives and leaves (ids already length-checked). */
export interface TagWatcher {
  arrived(uid: string): void;
  left(uid: string): void;
}

type Status = { online: boolean; detail: string };

/** What a technician calls each device on this driver: its log lines say which one speaks, never "shoe" for all. */
const WORD: Record<PcscKind, string> = {
  'pcsc-shoe': 'shoe',
  'pcsc-antenna': 'antenna',
  'pcsc-chip-reader': 'chip reader',
};

export const pcscWord = (kind: PcscKind | undefined): string => WORD[kind ?? 'pcsc-shoe'];

/** The words a log line starts with: the kind, and the device's name when it says more (`chip reader chips-3`). */
export function pcscLabel(kind: PcscKind | undefined, name: string): string {
  const word = pcscWord(kind);
  return name === word ? word : `${word} ${name}`;
}

export class PcscShoe implements Device {
  readonly name: string;
  /** `shoe`, `antenna seat-4`, `chip reader chips-2`: how its log lines begin. */
  private readonly label: string;
  private ctx: DeviceContext | null = null;
  private log: Logger | null = null;
  private backend: PcscBackend | null = null;
  private context: PcscContext | null = null;
  /** Bumped on every rebuild so late events from a closed context are ignored. */
  private generation = 0;
  private readers = new Set<string>();
  private ignored = new Set<string>();
  private attempts = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private waitTimer: NodeJS.Timeout | null = null;
  private status: Status | null = null;
  private stopped = false;
  private repeat: RepeatFilter;
  private firstReport: (() => void) | null = null;
  private readonly loadBackend: () => Promise<PcscBackend>;
  private readonly probe: (socket: string) => Promise<string | null>;
  private readonly watcher: TagWatcher | null;

  constructor(
    private readonly settings: ShoeSettings,
    deps: PcscShoeDeps = {},
  ) {
    this.name = settings.name;
    this.label = pcscLabel(settings.kind, settings.name);
    this.repeat = createRepeatFilter(settings.repeatReadMs);
    this.loadBackend = deps.loadBackend ?? (() => loadNfcPcsc());
    this.probe = deps.probe ?? ((socket) => probePcscd(socket));
    this.watcher = deps.watcher ?? null;
  }

  async start(ctx: DeviceContext): Promise<void> {
    this.ctx = ctx;
    this.log = deviceLogger(ctx.logger, this.name, { kind: this.settings.kind ?? 'pcsc-shoe' });
    this.stopped = false;
    const reported = new Promise<void>((resolve) => (this.firstReport = resolve));
    this.connect();
    await reported;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimers();
    this.firstReport?.();
    await this.closeContext();
  }

  private connect(): void {
    void this.tryConnect().catch((err: unknown) => {
      // A bug here must not take the table down: say so and try again later.
      this.log?.error({ err }, `${this.label}: connect failed unexpectedly`);
      this.report(false, `${pcscWord(this.settings.kind)} error: ${String(err)}`);
      this.scheduleRetry();
    });
  }

  private async tryConnect(): Promise<void> {
    if (this.stopped) return;
    if (!this.backend) {
      try {
        this.backend = await this.loadBackend();
      } catch (err) {
        this.report(false, (err as Error).message);
        this.scheduleRetry();
        return;
      }
    }
    const why = await this.probe(this.settings.socket);
    if (this.stopped) return;
    if (why !== null) {
      this.report(false, `${why}; ${pcscdAdvice(why)}`);
      this.scheduleRetry();
      return;
    }
    const gen = ++this.generation;
    this.readers.clear();
    this.ignored.clear();
    const live = (): boolean => gen === this.generation && !this.stopped;
    const events: PcscEvents = {
      readerAdded: (reader) => {
        if (!live()) return;
        this.readers.add(reader);
        this.clearWait();
        this.attempts = 0;
        this.log?.info({ reader }, `${this.label}: reader ready`);
        this.report(true, `reader ${[...this.readers].join(', ')}`);
      },
      readerIgnored: (reader) => {
        if (live()) this.ignored.add(reader);
      },
      readerRemoved: (reader) => {
        if (!live()) return;
        this.readers.delete(reader);
        this.log?.warn({ reader }, `${this.label}: reader gone`);
        if (this.readers.size === 0) {
          this.report(false, `reader ${reader} removed`);
          this.rebuild();
        } else this.report(true, `reader ${[...this.readers].join(', ')}`);
      },
      card: (reader, uid) => {
        if (live()) this.onCard(reader, uid);
      },
      cardRemoved: (reader, uid) => {
        if (live() && this.watcher && this.uidFits(reader, uid, false)) this.watcher.left(uid);
      },
      readerError: (reader, err) => {
        if (live()) this.log?.warn({ reader, err: err.message }, `${this.label}: reader error`);
      },
      contextError: (err) => {
        if (!live()) return;
        this.report(false, `lost pcscd: ${err.message}`);
        this.rebuild();
      },
    };
    try {
      this.context = this.backend.open(events, (reader) => this.settings.readerPattern.test(reader));
    } catch (err) {
      this.report(false, `cannot open PC/SC: ${(err as Error).message}`);
      this.scheduleRetry();
      return;
    }
    // pcscd lists readers asynchronously; no matching one within waitMs means the reader is not plugged in.
    this.waitTimer = setTimeout(() => {
      this.waitTimer = null;
      if (!live() || this.readers.size > 0) return;
      const seen = this.ignored.size > 0 ? `pcscd lists: ${[...this.ignored].join(', ')}` : 'pcscd lists no reader';
      this.report(
        false,
        `no reader matching /${this.settings.readerPattern.source}/ (${seen}); plug it in or fix the pattern`,
      );
      this.rebuild();
    }, this.settings.waitMs);
  }

  private uidFits(reader: string, uid: string, warn: boolean): boolean {
    const bytes = uid.length / 2;
    const { min, max } = this.settings.uidBytes;
    if (bytes >= min && bytes <= max) return true;
    if (warn)
      this.log?.warn({ reader, uid: `${bytes} bytes` }, `${this.label}: read dropped: tag id length outside uidBytes`);
    return false;
  }

  private onCard(reader: string, uid: string): void {
    if (!this.uidFits(reader, uid, true)) return;
    if (this.watcher) {
      this.watcher.arrived(uid);
      return;
    }
    const ctx = this.ctx;
    if (!ctx) return;
    const at = ctx.now();
    if (!this.repeat(uid, at)) {
      this.log?.debug({ reader }, `${this.label}: repeat read dropped (repeatReadMs)`);
      return;
    }
    // A seat, board or muck antenna (pcsc-antenna) says where it sits: its reads are sightings (R-CARD-PLACE).
    ctx.submit(this.settings.place ? { type: 'card', uid, ...this.settings.place } : { type: 'card', uid });
  }

  /** Drops the PC/SC context and builds a new one after the backoff: readers are not rediscovered after pcscd
   * restarts, and a reader unplugged and plugged back is found by a fresh context in every case. */
  private rebuild(): void {
    void this.closeContext();
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryTimer) return;
    const { initialMs, maxMs } = this.settings.reconnect;
    const delay = Math.min(maxMs, initialMs * 2 ** Math.min(this.attempts, 20));
    this.attempts++;
    this.log?.debug({ delay }, `${this.label}: retry scheduled`);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  private report(online: boolean, detail: string): void {
    const first = this.firstReport;
    this.firstReport = null;
    const changed = this.status?.online !== online || this.status.detail !== detail;
    if (this.ctx && !this.stopped && changed) {
      this.status = { online, detail };
      if (online) this.log?.info({ detail }, `${this.label} online`);
      else this.log?.warn({ detail }, `${this.label} offline`);
      this.ctx.submit({ type: 'device', device: this.name, online, detail });
    }
    first?.();
  }

  private async closeContext(): Promise<void> {
    this.generation++;
    this.clearWait();
    this.readers.clear();
    const context = this.context;
    this.context = null;
    await context?.close();
  }

  private clearWait(): void {
    if (this.waitTimer) clearTimeout(this.waitTimer);
    this.waitTimer = null;
  }

  private clearTimers(): void {
    this.clearWait();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
