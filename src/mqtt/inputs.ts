// Inputs from networked panels and seat modules on `<base>/input` (docs/mqtt.md, "Inputs from networked panels"):
// each is answered on `<base>/input/result` (or the MQTT 5 response topic), taken at most once per `id`, refused
// when made in a context the table has left (`seq`), and never journaled when refused.
import type { Logger } from 'pino';
import type { TableEvent } from '../domain/types.ts';
import type { RawInput, Runtime } from '../runtime/types.ts';
import { validateNetworkInput } from '../protocol/schemas.ts';
import { isJournalRefusal } from './health.ts';
import { malformed, parseJson, parseNetworkInput, refusalOf, requestId, requestNameOf } from './commands.ts';
import { TokenBucket, type Rate } from './rate-limit.ts';

/** A few KB is plenty for any legitimate input (the longest is a panel press with a card, an id and a seq). */
export const MAX_INPUT_BYTES = 4096;
/** How many input ids are remembered (and rebuilt from the journal after a restart). */
export const REMEMBERED_IDS = 1000;
/** All networked inputs together (every panel and seat module of the table); per client, see the broker. */
export const DEFAULT_INPUT_RATE: Rate = { perSecond: 50, burst: 100 };
/** Events after which a press made earlier means something else: another seat is on action, another hand. */
const CONTEXT_EVENTS = new Set<string>(['action.on', 'hand.started', 'hand.ended']);
/** How far back the context is looked for at start. */
const CONTEXT_LOOKBACK = 1000;

export type InputErrorCode =
  'too-large' | 'not-json' | 'invalid' | 'stale' | 'rate-limited' | 'rejected' | 'storage-full' | 'internal';

export interface InputAnswer {
  id: string | null;
  ok: boolean;
  /** The input's type, when it could be read. */
  input: string | null;
  /** The newest event seq once the input was applied (absent when it never reached the journal). */
  seq?: number;
  error?: { code: InputErrorCode; message: string };
  /** This id was taken before: the answer is the first one's, and nothing was done this time. */
  duplicate?: true;
}

export interface InputStats {
  answered: number;
  /** Inputs that reached the journal (taken, or refused by the engine's rules). */
  journaled: number;
  duplicates: number;
  refused: Partial<Record<InputErrorCode, number>>;
}

export interface NetworkInputsOptions {
  runtime: Runtime;
  logger: Logger;
  now: () => number;
  /** null: no limit. */
  rate: Rate | null;
  maxBytes?: number;
}

export class NetworkInputs {
  private readonly answers = new Map<string, InputAnswer>();
  private readonly bucket: TokenBucket | null;
  private contextSeq = 0;
  private lastSummary = Number.NEGATIVE_INFINITY;
  private sinceSummary: Partial<Record<InputErrorCode, number>> = {};
  readonly stats: InputStats = { answered: 0, journaled: 0, duplicates: 0, refused: {} };

  constructor(private readonly options: NetworkInputsOptions) {
    this.bucket = options.rate ? new TokenBucket(options.rate, options.now()) : null;
    this.seedFromJournal();
  }

  /** Follows the events, for the context rule. Called with every batch. */
  observe(events: readonly TableEvent[]): void {
    for (const e of events) if (CONTEXT_EVENTS.has(e.type)) this.contextSeq = e.seq;
  }

  /** Handles one payload from `<base>/input` and returns its answer. */
  handle(payload: Buffer): InputAnswer {
    const answer = this.decide(payload);
    this.stats.answered++;
    if (answer.duplicate) this.stats.duplicates++;
    else if (answer.seq !== undefined) this.stats.journaled++;
    if (answer.error && answer.seq === undefined) this.count(answer.error.code, answer);
    return answer;
  }

  private decide(payload: Buffer): InputAnswer {
    const { runtime, now } = this.options;
    const json = parseJson(payload, this.options.maxBytes ?? MAX_INPUT_BYTES);
    if (!json.ok) {
      const code = json.error.startsWith('payload too large') ? 'too-large' : 'not-json';
      return refused(null, null, code, json.error);
    }
    const type = isObject(json.value) && typeof json.value.type === 'string' ? json.value.type.slice(0, 40) : null;
    const parsed = parseNetworkInput(json.value);
    if (!parsed.ok) return refused(requestId(json.value)?.slice(0, 64) ?? null, type, 'invalid', parsed.error);
    // schemas/input.schema.json: the published contract (the input with its id, as the panel sent it).
    const checked = validateNetworkInput(parsed.value.input);
    if (!checked.ok) return refused(parsed.value.id, type, 'invalid', checked.error);
    const { input, id, seq } = parsed.value;
    const earlier = id === null ? undefined : this.answers.get(id);
    if (earlier) return { ...earlier, duplicate: true };
    if (this.bucket && !this.bucket.take(now())) {
      return refused(id, type, 'rate-limited', 'too many inputs: wait a moment and press again');
    }
    const lastSeq = runtime.outbox.lastSeq();
    if (seq !== null && (seq < this.contextSeq || seq > lastSeq)) {
      return refused(
        id,
        type,
        'stale',
        seq > lastSeq
          ? `seq ${seq} is ahead of the table (last ${lastSeq}): made against another journal`
          : `the table moved on after seq ${seq} (last change of turn or hand: ${this.contextSeq}); look and press again`,
      );
    }
    const problem = malformed(input, now());
    if (problem !== null) return refused(id, type, 'invalid', problem);
    let events: TableEvent[];
    try {
      events = runtime.submit(input);
    } catch (err) {
      // A journal that refuses inputs (disk full) is reported once by the table's health, not once per press.
      if (isJournalRefusal(err)) return refused(id, type, 'storage-full', (err as Error).message);
      this.options.logger.error({ err: (err as Error).message }, 'a networked input failed inside the controller');
      return refused(id, type, 'internal', `internal error: ${(err as Error).message}`);
    }
    const answer = answerOf(id, input, events, events.at(-1)?.seq ?? runtime.outbox.lastSeq());
    this.remember(answer);
    return answer;
  }

  private remember(answer: InputAnswer): void {
    if (answer.id === null) return;
    this.answers.set(answer.id, answer);
    if (this.answers.size > REMEMBERED_IDS) this.answers.delete(this.answers.keys().next().value!);
  }

  /** Ids and context survive a restart: both are rebuilt from the journal and the outbox. */
  private seedFromJournal(): void {
    const { runtime } = this.options;
    let seq = 0;
    for (const { input, events } of runtime.recentInputs?.(REMEMBERED_IDS) ?? []) {
      seq = events.at(-1)?.seq ?? seq;
      if (!isObject(input) || input.type === 'command' || typeof input.type !== 'string') continue;
      if (typeof input.id !== 'string') continue;
      this.remember(answerOf(input.id, { ...input, type: input.type }, events, seq));
    }
    const last = runtime.outbox.lastSeq();
    const from = Math.max(0, last - CONTEXT_LOOKBACK);
    this.contextSeq = from;
    this.observe(runtime.outbox.read(from, CONTEXT_LOOKBACK));
  }

  /** Refusals are counted; the log gets the first one and then a summary at most every 10 s, not a line each. */
  private count(code: InputErrorCode, answer: InputAnswer): void {
    this.stats.refused[code] = (this.stats.refused[code] ?? 0) + 1;
    this.sinceSummary[code] = (this.sinceSummary[code] ?? 0) + 1;
    const now = this.options.now();
    this.options.logger.debug({ ...answer }, 'networked input refused');
    if (now - this.lastSummary < 10_000) return;
    this.options.logger.warn(
      { refused: this.sinceSummary, total: this.stats.refused, last: answer.error },
      'networked inputs refused (not journaled)',
    );
    this.lastSummary = now;
    this.sinceSummary = {};
  }
}

function answerOf(id: string | null, input: RawInput, events: readonly TableEvent[], seq: number): InputAnswer {
  const refusal = refusalOf(requestNameOf(input), events);
  const answer: InputAnswer = { id, ok: refusal === null, input: input.type, seq };
  if (refusal !== null) answer.error = { code: 'rejected', message: refusal.message };
  return answer;
}

function refused(id: string | null, type: string | null, code: InputErrorCode, message: string): InputAnswer {
  return { id, ok: false, input: type, error: { code, message } };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
