// mqtt-packet, which both aedes and mqtt.js write packets with, caches the encoded "remaining length" of every
// packet size under 16 KiB the first time it writes one, each as a 4-byte slice of Node's shared 8 KiB Buffer pool.
// A slice keeps its whole slab alive, and a new packet size turns up now and then for hours: after 3,000 hands 816
// sizes were cached, pinning 650 slabs (5.2 MB), and still growing (docs/bench.md, "Growth"). Writing one packet of
// each common size once the table is online fills the cache from a few consecutive slabs instead: about 0.2 MB
// once, no growth.
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';

/** Sizes 0 … WARMED - 1 are cached. The table's packets measured 0 … 2,040 bytes (9 seats); above this the cache
 * still fills itself as before, one slab per size. */
export const WARMED = 2048;

interface PacketWriter {
  writeToStream: ((packet: object, stream: Writable) => boolean) & { cacheNumbers: boolean };
}

/** mqtt-packet also builds, at the first packet it writes, a table of every 2-byte message id as its own Buffer:
 * 65,536 of them, 6.2 MB of the table's 20 MB heap (a heap snapshot, docs/bench.md). The table's mqtt.js client
 * turns it off with `writeCache: false`; the embedded broker has no such option, so this turns it off in aedes'
 * copy before it writes anything (a 2-byte Buffer per packet with an id instead). Idempotent. */
export function skipPacketIdCache(): void {
  for (const writer of packetWriters()) writer.writeToStream.cacheNumbers = false;
}

let warmed = false;

/** Fills mqtt-packet's cache of encoded lengths, in the copies aedes and mqtt.js use (the same one when npm
 * deduplicates them). Idempotent; tens of milliseconds. Call it after the table's MQTT client has connected: its
 * `writeCache: false` must already be set, or the first packet written builds mqtt-packet's 6 MB table of ids. */
export function warmPacketLengthCache(): void {
  if (warmed) return;
  warmed = true;
  const sink = { write: () => true } as unknown as Writable;
  const payload = Buffer.alloc(WARMED);
  for (const writer of packetWriters()) {
    writer.writeToStream({ cmd: 'pingreq' }, sink); // length 0
    writer.writeToStream({ cmd: 'puback', messageId: 1 }, sink); // length 2
    // A QoS 0 publish to a 1-byte topic: remaining length = 2 + 1 + payload.
    for (let length = 3; length < WARMED; length++) {
      writer.writeToStream(
        { cmd: 'publish', topic: 'w', payload: payload.subarray(0, length - 3), qos: 0, dup: false, retain: false },
        sink,
      );
    }
  }
}

function packetWriters(): Set<PacketWriter> {
  const writers = new Set<PacketWriter>();
  for (const user of ['aedes', 'mqtt']) {
    try {
      writers.add(createRequire(import.meta.resolve(user))('mqtt-packet') as PacketWriter);
    } catch {
      // Not installed where expected: nothing to warm (a cache left cold only costs memory).
    }
  }
  return writers;
}
