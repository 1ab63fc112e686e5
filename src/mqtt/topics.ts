// Topic names and who may read or write them (protocol.md, MQTT). The embedded broker's ACL and the bridge both
// build on this one table, and config/mosquitto/pokertable.acl mirrors it for external brokers.
import type { Role } from '../config/types.ts';

export interface Topics {
  base: string;
  status: string;
  /** Retained: which controller instance holds the table (`{instance, host, pid, startedAt}`); see presence.ts. */
  controller: string;
  /** Controller to controller only: "are you alive?" and its answer (presence.ts). */
  controllerPing: string;
  controllerAlive: string;
  /** Retained JSON: `{state: "ok" | "degraded", reasons, since, epoch}` (docs/mqtt.md). */
  health: string;
  events: string;
  secureEvents: string;
  /** One Open Hand History record per hand, public form: only the cards shown at showdown (src/history). */
  history: string;
  /** The same records with every hole card the table read: roles `production` and `secure`. */
  secureHistory: string;
  /** The delayed broadcast feed (hole cards and equity) for the production role. */
  secureBroadcast: string;
  state: string;
  clock: string;
  /** The retained floor feed (src/mqtt/feed.ts). */
  feed: string;
  input: string;
  /** Answers to networked inputs (docs/mqtt.md). */
  inputResult: string;
  cmdResult: string;
  /** Prefix under which MQTT 5 clients may ask for replies (`<base>/cmd/reply/<anything>`). */
  cmdReplyPrefix: string;
  device(name: string): string;
  cmd(name: string): string;
}

export function baseTopicOf(baseTopic: string, tableId: string): string {
  const base = `${baseTopic.replace(/\/+$/, '')}/${tableId}`;
  if (/[#+\u0000]/.test(base) || base.startsWith('$') || base.startsWith('/')) {
    throw new Error(`invalid MQTT base topic "${base}": no wildcards, no leading "$" or "/"`);
  }
  return base;
}

export function topicsFor(base: string): Topics {
  return {
    base,
    status: `${base}/status`,
    controller: `${base}/controller`,
    controllerPing: `${base}/controller/ping`,
    controllerAlive: `${base}/controller/alive`,
    health: `${base}/health`,
    events: `${base}/events`,
    secureEvents: `${base}/secure/events`,
    history: `${base}/history`,
    secureHistory: `${base}/secure/history`,
    secureBroadcast: `${base}/secure/broadcast`,
    state: `${base}/state`,
    clock: `${base}/clock`,
    feed: `${base}/feed`,
    input: `${base}/input`,
    inputResult: `${base}/input/result`,
    cmdResult: `${base}/cmd/result`,
    cmdReplyPrefix: `${base}/cmd/reply/`,
    device: (name) => `${base}/devices/${topicLevel(name)}`,
    cmd: (name) => `${base}/cmd/${name}`,
  };
}

/** The MQTT client id of a table's controller. On the embedded broker no other connection may use it (broker.ts);
 * on mosquitto the example config keeps it out of other accounts' reach (docs/mqtt.md, Security). */
export function controllerClientId(tableId: string): string {
  return `pokertable-${tableId}-controller`;
}

/** Client ids only a controller may use: `pokertable-<anything>-controller`, for this table and any other, so that a
 * display on a shared broker cannot claim a neighbour table's controller either. No other role has a reserved id. */
export function isReservedClientId(clientId: string): boolean {
  return /^pokertable-.+-controller$/.test(clientId);
}

/** A device name as one topic level: wildcards and separators would change the topic's meaning. */
export function topicLevel(name: string): string {
  const clean = name.replace(/[/#+\u0000]/g, '_');
  return clean === '' ? '_' : clean;
}

/** Does `topic` match the subscription filter `filter` (`+` one level, `#` the rest)? */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    const level = f[i];
    if (level === '#') return true;
    if (i >= t.length) return false;
    if (level !== '+' && level !== t[i]) return false;
  }
  return f.length === t.length;
}

/** Could some topic match both filters? Decides whether a wildcard subscription can reach a readable topic. */
export function filtersIntersect(a: string, b: string): boolean {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; ; i++) {
    const p = x[i];
    const q = y[i];
    if (p === '#' || q === '#') return true;
    if (p === undefined || q === undefined) return p === q;
    if (p !== '+' && q !== '+' && p !== q) return false;
  }
}

/** The identity a broker connection acts with: the controller's own client, or a user with roles. */
export type Principal = { kind: 'controller' } | { kind: 'user'; username: string | null; roles: ReadonlySet<Role> };

/** Filters a role may read (subscribe to and receive). */
export function readableFilters(base: string, roles: ReadonlySet<Role>): string[] {
  const t = topicsFor(base);
  const filters: string[] = [];
  if (roles.size > 0) {
    filters.push(t.status, t.controller, t.health, t.events, t.state, t.clock, t.feed, t.history);
    filters.push(`${base}/devices/+`);
  }
  if (roles.has('panel') || roles.has('floor')) filters.push(t.inputResult);
  if (roles.has('floor')) filters.push(t.cmdResult, `${t.cmdReplyPrefix}#`);
  if (roles.has('room')) filters.push(t.cmdResult);
  if (roles.has('secure')) filters.push(t.secureEvents, t.secureHistory);
  // Production (a stream's producer) reads what is safe to put on air late: the finished hands' records and the
  // delayed broadcast feed, never the live secure/events (a misconfigured overlay would show live hole cards).
  if (roles.has('production')) filters.push(t.secureHistory, t.secureBroadcast);
  return filters;
}

/** Topics a role may publish to (never retained: see canPublish). */
export function writableFilters(base: string, roles: ReadonlySet<Role>): string[] {
  const t = topicsFor(base);
  const filters: string[] = [];
  if (roles.has('panel') || roles.has('floor')) filters.push(t.input);
  if (roles.has('floor')) filters.push(`${base}/cmd/+`); // but the room's own: canPublish
  if (roles.has('room')) for (const name of ROOM_ROLE_COMMANDS) filters.push(t.cmd(name));
  return filters;
}

/** The commands only a table's room sends (R-ROOM-MOVE, R-ROOM-CLOCK): never the floor's, nor anyone else's. */
export const ROOM_ONLY_COMMANDS: readonly string[] = ['move-player', 'level-set'];
/** What the room role may send a table (docs/room.md). */
export const ROOM_ROLE_COMMANDS: readonly string[] = ['seat-player', 'add-chips', ...ROOM_ONLY_COMMANDS];

export function canRead(base: string, who: Principal, topic: string): boolean {
  if (who.kind === 'controller') return true;
  return readableFilters(base, who.roles).some((f) => topicMatches(f, topic));
}

/** Subscribing is allowed when the filter can reach at least one readable topic; what it may not read is then
 * dropped message by message (the broker's forward check), so `#` by a display never carries `secure/events`. */
export function canSubscribe(base: string, who: Principal, filter: string): boolean {
  if (who.kind === 'controller') return true;
  return readableFilters(base, who.roles).some((f) => filtersIntersect(f, filter));
}

export function canPublish(base: string, who: Principal, topic: string, retain: boolean): boolean {
  if (topic.startsWith('$')) return false;
  if (who.kind === 'controller') return true;
  // Only the controller answers commands or keeps retained state; a retained command would rerun on every reconnect.
  const t = topicsFor(base);
  if (retain || topic === t.cmdResult || topic === t.inputResult) return false;
  if (ROOM_ONLY_COMMANDS.some((name) => topic === t.cmd(name))) return who.roles.has('room');
  return writableFilters(base, who.roles).some((f) => topicMatches(f, topic));
}
