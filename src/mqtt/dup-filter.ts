// QoS 1 retransmissions on the embedded broker. A client whose PUBACK was lost sends the message again with the DUP
// flag and the same packet id, usually on its next connection; MQTT lets the broker deliver it twice, and a panel's
// fold would then act twice. The broker sees the sender's client id and packet id (a subscriber never does), so it
// remembers the last packet ids of each client id with a digest of their payloads, acknowledges a retransmission of
// one of them and forwards it to nobody.
import { createHash } from 'node:crypto';

/** Packet ids remembered per client id (a panel has one or two in flight), and client ids remembered. */
const PER_CLIENT = 32;
const CLIENTS = 1000;

export class RetransmissionFilter {
  private readonly seen = new Map<string, Map<number, string>>();
  /** Payload buffers of retransmissions: the broker forwards the publisher's payload buffer to every subscriber. */
  private readonly dropped = new WeakSet<Buffer>();

  /** Records a QoS 1 publish; true when it is a retransmission of one already taken (DUP, same id, same payload). */
  check(
    clientId: string,
    packet: { qos: number; dup?: boolean; messageId?: number; payload: Buffer | string },
  ): boolean {
    if (packet.qos !== 1 || packet.messageId === undefined || typeof packet.payload === 'string') return false;
    const digest = createHash('sha256').update(packet.payload).digest('base64');
    let ids = this.seen.get(clientId);
    if (ids && packet.dup === true && ids.get(packet.messageId) === digest) {
      this.dropped.add(packet.payload);
      return true;
    }
    if (!ids) {
      if (this.seen.size >= CLIENTS) this.seen.delete(this.seen.keys().next().value!);
      ids = new Map();
    }
    this.seen.delete(clientId);
    this.seen.set(clientId, ids); // most recently active last
    ids.delete(packet.messageId);
    ids.set(packet.messageId, digest);
    if (ids.size > PER_CLIENT) ids.delete(ids.keys().next().value!);
    return false;
  }

  /** Whether a message on its way to a subscriber is a retransmission to drop. */
  isDropped(payload: Buffer | string): boolean {
    return typeof payload !== 'string' && this.dropped.has(payload);
  }
}
