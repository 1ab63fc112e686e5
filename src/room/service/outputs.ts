// The engine's outputs to the broker, in order; once the broker has acknowledged them all, the journal records how
// far publishing got (a restart publishes again only what is after). When place 1 is given, the tournament is over
// and its money's summary goes beside the journal (docs/room-money.md).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { Room } from '../engine/engine.ts';
import type { RoomOutput } from '../engine/types.ts';
import type { RoomJournal } from './journal.ts';
import { outputMessage, type RoomTopics } from './topics.ts';

export interface OutputPublisher {
  publish(outputs: RoomOutput[]): void;
  /** Settles once everything handed to `publish` so far is acknowledged and recorded (or given up on). */
  settled(): Promise<void>;
}

export function createOutputPublisher(options: {
  client: MqttClient;
  topics: RoomTopics;
  roomId: string;
  journal: Pick<RoomJournal, 'markPublished'>;
  log: Logger;
  isClosed(): boolean;
  /** Place 1 was given. */
  finished(): void;
}): OutputPublisher {
  const { client, topics, roomId, journal, log } = options;
  let chain: Promise<void> = Promise.resolve();
  const send = (o: RoomOutput): Promise<unknown> | null => {
    if (o.type === 'request.rejected' || o.type === 'input.rejected') log.info({ output: o }, 'room refusal');
    const m = outputMessage(topics, roomId, o);
    // Caught at once: a refusal (an ACL, a closing client) must not wait unhandled behind earlier steps. A message
    // the broker refused would be refused again, so it does not hold the others back.
    if (!m) return null;
    return client
      .publishAsync(m.topic, m.payload, { qos: 1, retain: m.retain })
      .catch((err: unknown) => log.warn({ err: String(err), topic: m.topic }, 'room output not acknowledged'));
  };
  return {
    publish(outputs) {
      if (outputs.length === 0) return;
      const acks: Promise<unknown>[] = [];
      for (const o of outputs) {
        const ack = send(o);
        if (ack) acks.push(ack);
      }
      if (outputs.some((o) => o.type === 'place' && o.place === 1)) options.finished();
      const last = outputs[outputs.length - 1]!.seq;
      chain = chain
        .then(() => Promise.all(acks))
        .then(() => {
          if (!options.isClosed()) journal.markPublished(last);
        })
        .catch((err: unknown) => log.error({ err: String(err), seq: last }, 'room journal: publishing not recorded'));
    },
    settled: () => chain,
  };
}

/** The money's summary files (JSON, CSV, OTS) into `dir`; a room that keeps no money writes none. */
export function writeSummary(room: Pick<Room, 'summaryFiles'>, roomId: string, dir: string, log: Logger): void {
  const files = room.summaryFiles(roomId);
  if (!files) return;
  try {
    writeFileSync(join(dir, 'summary.json'), files.json);
    writeFileSync(join(dir, 'summary.csv'), files.csv);
    writeFileSync(join(dir, 'summary.ots'), files.ots);
    log.info({ dir, pool: files.summary.pool, paidOut: files.summary.paidOut }, 'room summary written');
  } catch (err) {
    log.error({ err: (err as Error).message, dir }, 'room summary not written');
  }
}
