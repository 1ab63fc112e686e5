// The retained topics (status, state, clock, devices/<name>): the latest value of each is remembered, published when
// it changes, and all of them again after every reconnect (a restarted broker may have lost them).
import type { Logger } from 'pino';
import type { LevelClockSnapshot, TableSnapshot } from '../domain/snapshot/types.ts';
import type { TableEvent } from '../domain/types.ts';
import { FloorFeed } from './feed.ts';
import type { Topics } from './topics.ts';

export class RetainedTopics {
  private readonly latest = new Map<string, string>();
  private stateKey = '';
  private clockKey = '';
  private readonly feed = new FloorFeed();

  constructor(
    private readonly topics: Topics,
    private readonly publish: (topic: string, payload: string) => Promise<unknown>,
    private readonly isConnected: () => boolean,
    private readonly logger: Logger,
    /** The journal's epoch, carried in `state` so `seq` consumers can tell a new numbering from a replay. */
    private readonly epoch?: string,
  ) {}

  set(topic: string, payload: string): void {
    if (this.latest.get(topic) === payload) return;
    this.latest.set(topic, payload);
    if (this.isConnected()) this.send(topic, payload);
  }

  /** State and clock from a snapshot; unchanged content (only `at`/`seq` moved on) is not republished. */
  fromSnapshot(snapshot: TableSnapshot): void {
    const { at: _at, seq: _seq, ...content } = snapshot;
    const stateKey = JSON.stringify(content);
    if (stateKey !== this.stateKey) {
      this.stateKey = stateKey;
      this.set(
        this.topics.state,
        JSON.stringify(this.epoch === undefined ? snapshot : { ...snapshot, epoch: this.epoch }),
      );
    }
    const clock = clockPayload(snapshot.level);
    const clockKey = JSON.stringify(clock && { ...clock, remainingMs: clock.paused ? clock.remainingMs : null });
    if (clockKey !== this.clockKey) {
      this.clockKey = clockKey;
      this.set(this.topics.clock, JSON.stringify(clock));
    }
  }

  /** `devices/<name>` from device.online / device.offline events; `feed` from the floor's events. */
  fromEvents(events: readonly TableEvent[]): void {
    if (this.feed.add(events)) this.set(this.topics.feed, JSON.stringify(this.feed.payload()));
    for (const event of events) {
      if (event.type === 'device.online' || event.type === 'device.offline') {
        const payload = { online: event.type === 'device.online', detail: event.detail, at: event.at };
        this.set(this.topics.device(event.device), JSON.stringify(payload));
      }
    }
  }

  republishAll(): void {
    for (const [topic, payload] of this.latest) this.send(topic, payload);
  }

  private send(topic: string, payload: string): void {
    this.publish(topic, payload).catch((err: Error) =>
      this.logger.warn({ topic, err: err.message }, 'MQTT retained publish failed; it goes out again on reconnect'),
    );
  }
}

/** What display boards read on `<base>/clock`: the level clock, or null when no levels run. `remainingMs` is only
 * exact while paused; a running clock counts down to `endsAt`. */
export function clockPayload(level: LevelClockSnapshot | null): LevelClockSnapshot | null {
  return level ? { ...level } : null;
}
