// The room's commands on MQTT (`room/<id>/cmd/<name>`) and their answers: the edge checks of inbound.ts, the table's
// rate limit for commands (20 a second, bursts of 50), then the journal; every refusal is answered with a sentence
// and none is journaled. Answers go to `room/<id>/cmd/result`, or to the MQTT 5 response topic when it is a safe one.
import type { IPublishPacket, MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { DEFAULT_COMMAND_RATE } from '../../mqtt/bridge.ts';
import { TokenBucket, type Rate } from '../../mqtt/rate-limit.ts';
import { publishAnswer, replyTopicAllowed, type AnswerClient } from '../../mqtt/requests.ts';
import type { RoomOutput } from '../engine/types.ts';
import { commandInput } from './inbound.ts';
import type { RoomTopics } from './topics.ts';

type Obj = Record<string, unknown>;

export interface RoomCommandsOptions {
  topics: RoomTopics;
  /** The tables' base topic (`pokertable`): an answer never goes there. */
  tableBaseTopic: string;
  client: MqttClient;
  now: () => number;
  log: Logger;
  /** Journals and applies an accepted command; `done` gets its outputs (null: the journal refused it). */
  enqueue(input: Obj, done: (outputs: RoomOutput[] | null, error?: unknown) => void): void;
  /** Default: the table's (DEFAULT_COMMAND_RATE); null: no limit. */
  rate?: Rate | null;
}

const RATE_LIMITED = 'Too many room commands at once: this one was not done. Send it again in a moment.';

export function createRoomCommands(options: RoomCommandsOptions): {
  onCommand(name: string, payload: Buffer, packet: IPublishPacket): void;
  stats: { answered: number; refused: number; journaled: number };
} {
  const { topics, client, log, now } = options;
  const rate = options.rate === undefined ? DEFAULT_COMMAND_RATE : options.rate;
  const bucket = rate ? new TokenBucket(rate, now()) : null;
  const stats = { answered: 0, refused: 0, journaled: 0 };
  let lastLog = Number.NEGATIVE_INFINITY;
  const answering: AnswerClient = {
    // MQTT 5 only carries a response topic; the room speaks what its client options say (3.1.1 by default)
    get protocolVersion() {
      return client.options.protocolVersion ?? 4;
    },
    publish: (topic, payload, opts) => client.publishAsync(topic, payload, opts),
  };

  function onCommand(name: string, payload: Buffer, packet: IPublishPacket): void {
    const parsed = commandInput(name, payload, now());
    if (!parsed.ok) return answer(packet, { id: parsed.id, ok: false, ...words(parsed.code, parsed.reason) });
    if (bucket && !bucket.take(now()))
      return answer(packet, {
        id: parsed.id,
        ok: false,
        code: 'rate-limited',
        error: RATE_LIMITED,
        message: RATE_LIMITED,
      });
    stats.journaled++;
    options.enqueue(parsed.input, (outputs, error) => answer(packet, { id: parsed.id, ...verdict(outputs, error) }));
  }

  function answer(request: IPublishPacket, body: { id: string | null; ok: boolean } & Obj): void {
    stats.answered++;
    if (!body.ok) {
      stats.refused++;
      // A flood of bad commands must not flood the log: one line, then at most one every 10 s with the count.
      if (now() - lastLog >= 10_000) {
        log.info({ ...body, refusedSoFar: stats.refused }, 'room command refused');
        lastLog = now();
      }
    }
    publishAnswer(answering, log, request, JSON.stringify(body), {
      fallback: topics.cmdResult,
      // The room's account may publish to the tables' `cmd/`: a requester must not steer an answer onto them, nor
      // onto the room's own topics (only `room/<id>/cmd/reply/…` there).
      allowed: (topic) => replyTopicAllowed(topic, [options.tableBaseTopic, topics.base], `${topics.base}/cmd/reply/`),
      refused: "response topic refused (wildcard, $-topic, or a room's or table's topic)",
    });
  }

  return { onCommand, stats };
}

/** A refusal at the edge, with a sentence: the schema's or the validator's words. */
function words(code: string, reason: string): { code: string; error: string; message: string } {
  return { code, error: reason, message: reason };
}

/** What the engine made of an accepted command. */
function verdict(outputs: RoomOutput[] | null, error?: unknown): { ok: boolean } & Obj {
  if (outputs === null && (error as { code?: unknown } | undefined)?.code === 'STORAGE_FULL') {
    const text =
      'The room cannot write its journal (the disk is full): nothing was done. Send it again once there is room.';
    return { ok: false, code: 'STORAGE_FULL', error: text, message: text };
  }
  if (outputs === null) {
    const text = 'The room cannot write its journal: nothing was done. Send it again once the room is healthy.';
    return { ok: false, code: 'journal', error: text, message: text };
  }
  const refusal = outputs.find((o) => o.type === 'request.rejected' || o.type === 'input.rejected');
  if (!refusal) return { ok: true };
  if (refusal.type === 'input.rejected') return { ok: false, ...words('invalid', refusal.reason) };
  const message = refusal.message ?? refusal.reason;
  return { ok: false, code: refusal.reason, error: message, message };
}
