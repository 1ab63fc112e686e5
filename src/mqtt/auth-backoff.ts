// Password guessing, slowed and seen (docs/mqtt.md, "Password guessing"): per client address, a few wrong passwords
// are free, then each wrong one locks that address out for a while, doubling up to a ceiling. A login from a locked
// address is refused without its password being looked at, so waiting is the only way on; another address is not
// held up at all (the floor's own tablet logs in at once while a laptop in the corner guesses). One burst of failures
// (until the address has been quiet for a while) gives one log line with the count when it ends, and a health reason
// while it lasts. The embedded broker (broker.ts) and the pages' /mqtt passthrough (src/mqtt/broker-pipe.ts)
// both call it; so does the WebSocket Origin check (allowedOrigin) they share.
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';

export interface BackoffPolicy {
  /** Wrong passwords in a row an address may give before it is slowed. */
  freeFailures: number;
  /** The first lock-out, doubled at each further failure. */
  firstDelayMs: number;
  /** The longest lock-out. */
  maxDelayMs: number;
  /** A burst ends when its address has tried nothing for this long: its count is logged and forgotten. */
  quietMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = {
  freeFailures: 3,
  firstDelayMs: 1000,
  maxDelayMs: 60_000,
  quietMs: 120_000,
};

/** One address's burst, as it is reported. */
export interface GuessBurst {
  address: string;
  /** Wrong passwords, and logins refused unread while locked out. */
  failures: number;
  refusedLocked: number;
  usernames: string[];
  since: number;
  last: number;
}

export interface LoginBackoffOptions {
  now: () => number;
  /** A timer on the same clock (the table's or a test's fake one): the end of a burst is noticed by it. */
  setTimer: (at: number, fire: () => void) => () => void;
  logger: Logger;
  /** `what` names the door in the log line (`MQTT`, `the pages' /mqtt`). */
  what: string;
  policy?: Partial<BackoffPolicy>;
  /** A burst began slowing an address (first lock-out), and one ended: e.g. the table's health. */
  onBurst?: (burst: GuessBurst) => void;
  onQuiet?: (burst: GuessBurst) => void;
  /** Addresses followed at once: beyond it, the quietest are forgotten (a flood of addresses costs bounded memory). */
  maxAddresses?: number;
}

interface Entry extends GuessBurst {
  lockedUntil: number;
  cancel: () => void;
}

export class LoginBackoff {
  private readonly entries = new Map<string, Entry>();
  private readonly policy: BackoffPolicy;

  constructor(private readonly options: LoginBackoffOptions) {
    this.policy = { ...DEFAULT_BACKOFF, ...options.policy };
  }

  /** How long this address must still wait before a login of its is looked at (0: now). */
  retryInMs(address: string): number {
    const e = this.entries.get(address);
    return e ? Math.max(0, e.lockedUntil - this.options.now()) : 0;
  }

  /** Is this address in a burst of wrong passwords (its first one already logged)? */
  following(address: string): boolean {
    return this.entries.has(address);
  }

  /** May this address's login be judged now? When not, the refusal is counted in its burst. */
  admit(address: string): boolean {
    const e = this.entries.get(address);
    if (!e || e.lockedUntil <= this.options.now()) return true;
    e.refusedLocked++;
    this.touch(e);
    return false;
  }

  failed(address: string, username: string | undefined): void {
    const now = this.options.now();
    let e = this.entries.get(address);
    if (!e) {
      this.makeRoom();
      e = {
        address,
        failures: 0,
        refusedLocked: 0,
        usernames: [],
        since: now,
        last: now,
        lockedUntil: 0,
        cancel: () => {},
      };
      this.entries.set(address, e);
    }
    e.failures++;
    if (username !== undefined && e.usernames.length < 5 && !e.usernames.includes(username))
      e.usernames.push(username.slice(0, 40));
    const over = e.failures - this.policy.freeFailures;
    if (over > 0) {
      const delay = Math.min(this.policy.maxDelayMs, this.policy.firstDelayMs * 2 ** Math.min(over - 1, 30));
      e.lockedUntil = now + delay;
      if (over === 1) this.options.onBurst?.(this.report(e));
    }
    this.touch(e);
  }

  /** A right password: the address starts afresh. */
  succeeded(address: string): void {
    const e = this.entries.get(address);
    if (e) this.end(e);
  }

  /** Addresses being followed (tests, diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  close(): void {
    for (const e of [...this.entries.values()]) this.end(e);
  }

  private touch(e: Entry): void {
    e.last = this.options.now();
    e.cancel();
    e.cancel = this.options.setTimer(e.last + this.policy.quietMs, () => this.end(e));
  }

  private end(e: Entry): void {
    e.cancel();
    if (this.entries.get(e.address) !== e) return;
    this.entries.delete(e.address);
    if (e.failures <= this.policy.freeFailures) return; // a typo or two: nothing to say
    const burst = this.report(e);
    this.options.logger.warn(
      { ...burst, seconds: Math.round((burst.last - burst.since) / 1000) },
      `${this.options.what}: ${burst.failures} wrong passwords from ${burst.address} ` +
        `(${burst.refusedLocked} more refused while it was slowed), now quiet`,
    );
    this.options.onQuiet?.(burst);
  }

  private makeRoom(): void {
    const max = this.options.maxAddresses ?? 10_000;
    for (const e of this.entries.values()) {
      if (this.entries.size < max) break;
      this.end(e);
    }
  }

  private report(e: Entry): GuessBurst {
    const { address, failures, refusedLocked, usernames, since, last } = e;
    return { address, failures, refusedLocked, usernames: [...usernames], since, last };
  }
}

/** The address a login comes from: the socket's peer (a proxy's X-Forwarded-For is not trusted: anyone can send one). */
export function peerAddress(req: IncomingMessage | undefined): string {
  return req?.socket.remoteAddress ?? 'unknown';
}

/**
 * Whether a WebSocket upgrade's `Origin` may reach the broker: the page's own origin (the `Host` it was asked for, on
 * the scheme the page used), or one of `allowed` (`https://floor.example`, exact). A request with no Origin is not
 * from a browser page (a script or a device), which an Origin check cannot stop anyway: it is let through, and the
 * broker's passwords decide. A page on another site that opens a WebSocket here carries its own origin and is refused.
 */
export function allowedOrigin(req: IncomingMessage, allowed: readonly string[], secure = false): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const own = req.headers.host === undefined ? null : `${secure ? 'https' : 'http'}://${req.headers.host}`;
  const clean = origin.toLowerCase().replace(/\/+$/, '');
  return (
    (own !== null && clean === own.toLowerCase()) || allowed.some((a) => a.toLowerCase().replace(/\/+$/, '') === clean)
  );
}

/** A back-off on the system clock that only logs (the embedded broker's when the table gives none, the room pages'). */
export function systemLoginBackoff(
  logger: Logger,
  what: string,
  policy?: Partial<BackoffPolicy>,
  hooks: Pick<LoginBackoffOptions, 'onBurst' | 'onQuiet'> = {},
): LoginBackoff {
  return new LoginBackoff({
    now: Date.now,
    setTimer: (at, fire) => {
      const t = setTimeout(fire, Math.max(0, at - Date.now()));
      t.unref();
      return () => clearTimeout(t);
    },
    logger,
    what,
    policy,
    ...hooks,
  });
}

/** The hooks that show bursts on the table's health (`<base>/health`, reason `mqtt-logins`) while they last. */
export function healthHooks(health: {
  problem(component: string, detail: string): void;
  resolved(component: string): void;
}): Pick<LoginBackoffOptions, 'onBurst' | 'onQuiet'> {
  const bursting = new Set<string>();
  const show = () => {
    if (bursting.size === 0) return health.resolved(LOGINS_COMPONENT);
    const list = [...bursting].slice(0, 3).join(', ') + (bursting.size > 3 ? ', …' : '');
    health.problem(
      LOGINS_COMPONENT,
      `wrong MQTT passwords again and again from ${bursting.size === 1 ? '' : `${bursting.size} addresses: `}${list}; ` +
        'their logins are slowed down (someone may be guessing a password)',
    );
  };
  return {
    onBurst: (b) => {
      bursting.add(b.address);
      show();
    },
    onQuiet: (b) => {
      bursting.delete(b.address);
      show();
    },
  };
}

export const LOGINS_COMPONENT = 'mqtt-logins';

/** The table's: on the wall clock (a lock-out is real time, whatever a simulation's speed), on its health too. */
export function tableLoginBackoff(health: Parameters<typeof healthHooks>[0], logger: Logger): LoginBackoff {
  return systemLoginBackoff(logger.child({ module: 'mqtt-broker' }), 'MQTT', undefined, healthHooks(health));
}
