// One controller per table on a broker. Each controller process has an instance id and publishes, retained, on
// `<base>/controller` which instance holds the table (`{instance, host, pid, startedAt}`); it answers a newcomer's
// ping on `<base>/controller/ping` with that record on `<base>/controller/alive`. A newcomer checks before it
// connects as the controller (preflight.ts) and gives up when the holder answers. Should two get past that check
// at once, they meet here: the controller's client id is the same for both, so each connection kicks the other off,
// and on every connect each one reads the retained record before publishing its own. A record of another instance
// published after this one took office means a rival: the one that started later gives up, the earlier one
// republishes. (An older record over ours may also be a stale copy from a broker that restored an old snapshot: the
// newer one gives up only when the older one takes the client id back while it waits.)
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { IClientPublishOptions } from 'mqtt';
import type { Logger } from 'pino';
import { topicsFor, type Topics } from './topics.ts';

export interface ControllerRecord {
  instance: string;
  host: string;
  pid: number;
  /** ms since the epoch (this host's clock). */
  startedAt: number;
}

export interface ControllerConflict {
  /** The controller that holds the table, when known. */
  other: ControllerRecord | null;
  message: string;
}

export function newControllerRecord(now: () => number = Date.now): ControllerRecord {
  return { instance: randomBytes(8).toString('hex'), host: hostname(), pid: process.pid, startedAt: now() };
}

export function describeController(r: ControllerRecord): string {
  return `instance ${r.instance} on host ${r.host}, pid ${r.pid}, started ${new Date(r.startedAt).toISOString()}`;
}

export function parseControllerRecord(payload: Buffer | string): ControllerRecord | null {
  try {
    const v = JSON.parse(payload.toString()) as Partial<ControllerRecord> | null;
    if (!v || typeof v.instance !== 'string' || typeof v.host !== 'string') return null;
    if (typeof v.pid !== 'number' || typeof v.startedAt !== 'number') return null;
    return { instance: v.instance, host: v.host, pid: v.pid, startedAt: v.startedAt };
  } catch {
    return null;
  }
}

/** Did `a` start before `b`? The same total order on both sides, so exactly one of two rivals gives up. */
export function startedFirst(a: ControllerRecord, b: ControllerRecord): boolean {
  return a.startedAt !== b.startedAt ? a.startedAt < b.startedAt : a.instance < b.instance;
}

/** What presence needs of the MQTT client (ManagedClient provides it). */
export interface PresenceLink {
  publish(topic: string, payload: string, opts: IClientPublishOptions): Promise<unknown>;
  subscribe(filters: string[]): Promise<void>;
  /** Publish every retained topic again (after a rival overwrote them). */
  reassert(): void;
  /** Disconnect cleanly (no last will, no `offline`) and stop reconnecting: the table is someone else's. */
  leave(): void;
}

export interface ControllerPresenceOptions {
  /** `<baseTopic>/<tableId>`. */
  base: string;
  logger: Logger;
  record?: ControllerRecord;
  /** How long to wait, after finding an older controller's record over ours, for that controller to take the client
   * id back (it would, within its reconnect period, if it is alive). Default 3000 ms. */
  holdBackMs?: number;
  /** This controller must not run: another one holds the table. Called once. */
  onConflict(conflict: ControllerConflict): void;
}

export class ControllerPresence {
  readonly record: ControllerRecord;
  readonly topics: Topics;
  /** The other controller last seen holding the table (by preflight or here), for messages. */
  lastSeen: ControllerRecord | null = null;
  private link: PresenceLink | null = null;
  private marker: string | null = null;
  private retained: ControllerRecord | null = null;
  private inOffice = false;
  private holdBack: { other: ControllerRecord; timer: NodeJS.Timeout } | null = null;
  private gone = false;
  private closing = false;
  private readonly log: Logger;

  constructor(private readonly options: ControllerPresenceOptions) {
    this.record = options.record ?? newControllerRecord();
    this.topics = topicsFor(options.base);
    this.log = options.logger.child({ module: 'mqtt-presence' });
  }

  owns(topic: string): boolean {
    return topic === this.topics.controller || topic.startsWith(`${this.topics.controller}/`);
  }

  /** The table is stopping: a check or publish cut short by the closing client is not worth a warning. */
  close(): void {
    this.closing = true;
  }

  /** Once, by the client that carries this presence. */
  attach(link: PresenceLink): void {
    this.link = link;
  }

  /** After every connect: read the retained record (the echo of our own ping marks the end of what the broker had
   * retained), then decide and publish our record. */
  connected(): void {
    const link = this.link;
    if (this.gone || !link) return;
    const marker = randomBytes(8).toString('hex');
    this.marker = marker;
    this.retained = null;
    const t = this.topics;
    link
      .subscribe([t.controller, t.controllerPing])
      .then(() =>
        link.publish(t.controllerPing, JSON.stringify({ instance: this.record.instance, nonce: marker }), { qos: 1 }),
      )
      .catch((err: Error) =>
        // A table shutting down (a busy port at start, a stop) drops its client under the check: nothing to say.
        (this.closing ? this.log.debug : this.log.warn).call(
          this.log,
          { err: err.message },
          'controller presence check not sent; retried on reconnect',
        ),
      );
  }

  message(topic: string, payload: Buffer, retain: boolean): void {
    if (this.gone) return;
    const t = this.topics;
    if (topic === t.controllerPing) {
      const ping = parsePing(payload);
      if (!ping) return;
      if (ping.instance === this.record.instance) {
        if (ping.nonce === this.marker) this.decide();
        return;
      }
      if (!this.inOffice || !this.link) return;
      this.log.warn({ from: ping.instance }, 'another controller asked who holds this table; answering');
      this.send(t.controllerAlive, JSON.stringify({ ...this.record, nonce: ping.nonce }), false);
      return;
    }
    if (topic !== t.controller) return;
    const other = parseControllerRecord(payload);
    if (!other || other.instance === this.record.instance) return;
    // Only what the broker had retained counts: two controllers sharing the client id are never connected at once,
    // so a rival shows as a retained record found on (re)connect.
    if (this.marker !== null && retain) this.retained = other;
  }

  /** The broker refused the controller's client id (CONNACK "identifier rejected"): another controller owns it. */
  refused(clientId: string): void {
    const other = this.lastSeen;
    this.conflict(
      other,
      `the MQTT broker refuses this table's controller client id "${clientId}": another controller holds table ` +
        `${this.options.base}${other ? ` (${describeController(other)})` : ''}`,
    );
  }

  private decide(): void {
    this.marker = null;
    const other = this.retained;
    this.retained = null;
    if (other && this.inOffice) {
      // Someone published a record after ours. A newer one gives way to us (rival says so, and republishes ours).
      // An older one is either alive, connecting with our client id in turns, or a stale copy (a broker that
      // restored an old snapshot after a crash): a live one takes the client id back within its reconnect period.
      if (startedFirst(this.record, other)) this.rival(other);
      else this.waitForTakeover(other);
      return;
    }
    this.inOffice = true;
    this.send(this.topics.controller, JSON.stringify(this.record), true);
  }

  /** The connection closed: while holding back, that is the older controller taking its client id back. */
  disconnected(): void {
    const held = this.holdBack;
    if (!held) return;
    clearTimeout(held.timer);
    this.holdBack = null;
    this.rival(held.other);
  }

  private waitForTakeover(other: ControllerRecord): void {
    const timer = setTimeout(() => {
      this.holdBack = null;
      if (this.gone) return;
      this.log.warn(
        { other },
        `the retained record named an older controller (${describeController(other)}) that did not come back: stale`,
      );
      this.send(this.topics.controller, JSON.stringify(this.record), true);
    }, this.options.holdBackMs ?? 3000);
    timer.unref();
    this.holdBack = { other, timer };
  }

  private rival(other: ControllerRecord): void {
    this.lastSeen = other;
    if (startedFirst(this.record, other)) {
      this.log.error(
        { other },
        `another controller for this table started after this one (${describeController(other)}); it must give up`,
      );
      this.send(this.topics.controller, JSON.stringify(this.record), true);
      this.link?.reassert();
      return;
    }
    this.conflict(
      other,
      `another controller holds table ${this.options.base} (${describeController(other)}) and started first: ` +
        'this one stops; check that no two tables share a table id',
    );
  }

  private conflict(other: ControllerRecord | null, message: string): void {
    if (this.gone) return;
    this.gone = true;
    if (this.holdBack) clearTimeout(this.holdBack.timer);
    this.holdBack = null;
    this.log.error({ other, self: this.record }, message);
    this.link?.leave();
    this.options.onConflict({ other, message });
  }

  private send(topic: string, payload: string, retain: boolean): void {
    this.link
      ?.publish(topic, payload, { qos: 1, retain })
      .catch((err: Error) =>
        (this.closing ? this.log.debug : this.log.warn).call(
          this.log,
          { topic, err: err.message },
          'controller presence publish failed',
        ),
      );
  }
}

function parsePing(payload: Buffer): { instance: string; nonce: string } | null {
  try {
    const v = JSON.parse(payload.toString()) as { instance?: unknown; nonce?: unknown } | null;
    return v && typeof v.instance === 'string' && typeof v.nonce === 'string'
      ? { instance: v.instance, nonce: v.nonce }
      : null;
  } catch {
    return null;
  }
}
