// The runtime's fan-out: every batch of numbered events goes to every listener, in `seq` order. A listener that
// submits in turn (a virtual dealer) queues its batch behind the one being told, so no listener sees batches out
// of order; a listener that throws is logged and skipped.
import type { Logger } from 'pino';
import type { TableEvent } from '../domain/types.ts';

export type EventListener = (events: readonly TableEvent[]) => void;

export class Listeners {
  private readonly listeners = new Set<EventListener>();
  private readonly queue: TableEvent[][] = [];
  private draining = false;

  constructor(private readonly logger: Logger) {}

  add(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  notify(events: TableEvent[]): void {
    if (events.length === 0) return;
    this.queue.push(events);
    if (this.draining) return;
    this.draining = true;
    try {
      for (let batch = this.queue.shift(); batch; batch = this.queue.shift()) {
        for (const listener of [...this.listeners]) {
          try {
            listener(batch);
          } catch (err) {
            this.logger.error({ err }, 'an event listener failed');
          }
        }
      }
    } finally {
      this.draining = false;
    }
  }
}
