// A seat's betting zone as its reader sees it: the enrolled chip tags lying there, and the motions that change them.
// Tags that arrive or leave within one settle window (no change for `settleMs` ends it) are one motion: `added` the
// values of the tags now there that were not at its start, `removed` those of the tags gone (R-BET-CHIPS wants one
// `chips` input per motion). A tag that comes and goes within the window is no change. The first quiet window after
// the reader is ready takes the chips already lying there as they are, without a motion. Timers are injected, so
// the grouping is tested without a clock.

export interface ChipMotion {
  added: number[];
  removed: number[];
}

export interface MotionDeps {
  settleMs: number;
  /** The enrolled value of a tag, or undefined for a tag never enrolled. */
  valueOf(uid: string): number | undefined;
  /** Runs `fn` after `ms`; returns a cancel. */
  schedule(ms: number, fn: () => void): () => void;
  motion(m: ChipMotion): void;
  /** A tag not enrolled arrived: it is no chip and stays out of every motion. */
  unknown(uid: string): void;
  /** The first quiet window after `ready()` ended: `chips` lie in the zone. */
  settled?(chips: number): void;
}

export interface MotionGrouper {
  arrived(uid: string): void;
  left(uid: string): void;
  /** The reader is ready: the zone is taken as it is after one quiet window. */
  ready(): void;
  /** The reader went away: what lies there is unknown until it is ready again. */
  reset(): void;
  /** The values lying in the zone now. */
  present(): number[];
  /** Forgets what lies there and any motion under way, without a motion (the zone emptied between hands). */
  clear(): void;
  stop(): void;
}

const byValue = (a: number, b: number): number => b - a;

export function createMotionGrouper(deps: MotionDeps): MotionGrouper {
  const present = new Set<string>();
  // 'waiting': the reader is not ready; 'baseline': its first window; 'live': motions count.
  let phase: 'waiting' | 'baseline' | 'live' = 'waiting';
  let start: Set<string> | null = null;
  let cancel: (() => void) | null = null;

  const values = (uids: Iterable<string>): number[] => [...uids].map((u) => deps.valueOf(u)!).sort(byValue);

  const close = (): void => {
    cancel = null;
    if (phase === 'baseline') {
      phase = 'live';
      deps.settled?.(present.size);
      return;
    }
    const before = start ?? new Set<string>();
    start = null;
    const added = values([...present].filter((u) => !before.has(u)));
    const removed = values([...before].filter((u) => !present.has(u)));
    if (added.length > 0 || removed.length > 0) deps.motion({ added, removed });
  };

  const changed = (): void => {
    cancel?.();
    cancel = deps.schedule(deps.settleMs, close);
  };

  return {
    arrived(uid) {
      if (present.has(uid)) return;
      if (deps.valueOf(uid) === undefined) {
        deps.unknown(uid);
        return;
      }
      if (phase === 'live' && start === null) start = new Set(present);
      present.add(uid);
      if (phase !== 'waiting') changed();
    },
    left(uid) {
      if (!present.has(uid)) return;
      if (phase === 'live' && start === null) start = new Set(present);
      present.delete(uid);
      if (phase !== 'waiting') changed();
    },
    ready() {
      if (phase !== 'waiting') return;
      phase = 'baseline';
      changed();
    },
    reset() {
      // A motion under way when the reader went away was seen whole up to there: it counts.
      if (cancel && phase === 'live') {
        cancel();
        close();
      }
      cancel?.();
      cancel = null;
      start = null;
      present.clear();
      phase = 'waiting';
    },
    present: () => values(present),
    clear() {
      cancel?.();
      cancel = null;
      start = null;
      present.clear();
      if (phase === 'baseline') {
        phase = 'live';
        deps.settled?.(0);
      }
    },
    stop() {
      cancel?.();
      cancel = null;
    },
  };
}
