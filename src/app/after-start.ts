// Work a table needs soon but not to come online: done a second after start, once the start's burst (journal
// replay, broker, retained topics, devices) is over, so that it does not delay `status: online` (docs/bench.md).
import { warmPacketLengthCache } from '../mqtt/packet-cache.ts';

export const AFTER_START_MS = 1000;

export function afterStart(): void {
  // Before new packet sizes pin memory (src/mqtt/packet-cache.ts).
  warmPacketLengthCache();
}
