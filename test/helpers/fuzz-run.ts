// Sends fuzzed payloads (fuzz-payloads.ts) to a table (input-table.ts) as a floor account (which may publish on
// `input` and every `cmd/<name>`), a window of them in flight, and counts what came back: every answer on
// input/result and cmd/result, the events stream's seqs, and the journal before and after.

import { connectClient } from './mosquitto.ts';
import { fuzzer } from './fuzz-payloads.ts';
import { BASE, journalFigures, type InputTable } from './input-table.ts';

export interface FuzzFigures {
  sent: number;
  answered: number;
  /** Answers by outcome: `ok`, or the input error code, or `cmd:refused`. */
  outcomes: Record<string, number>;
  /** Inputs and commands the bridge let through to the journal. */
  journaledByBridge: number;
  /** rowsAdded counts inputs from MQTT only; timer ticks (the clock moves on while fuzzing) are `ticksAdded`. */
  journal: {
    rowsAdded: number;
    ticksAdded: number;
    bytesAdded: number;
    largestRow: number;
    /** The largest row that is not a command. */
    largestInput: number;
    notJson: number;
    unserialisable: number;
  };
  events: { first: number; last: number; stored: number; received: number; gaps: number };
  connected: boolean;
}

export async function runFuzz(
  t: InputTable,
  dir: string,
  options: { count: number; seed: number; window?: number; advanceMs?: number; onProgress?: (sent: number) => void },
): Promise<FuzzFigures> {
  const window = options.window ?? 50;
  const client = await connectClient(t.url, { username: 'floor', password: 'floor-pw', clientId: 'fuzzer' });
  const outcomes: Record<string, number> = {};
  let answered = 0;
  const seqs: number[] = [];
  client.on('message', (topic, payload) => {
    if (topic === `${BASE}/events`) {
      seqs.push((JSON.parse(payload.toString()) as { seq: number }).seq);
      return;
    }
    answered++;
    const answer = JSON.parse(payload.toString()) as { ok: boolean; error?: unknown };
    const key = answer.ok
      ? 'ok'
      : typeof answer.error === 'object' && answer.error !== null
        ? (answer.error as { code: string }).code
        : 'cmd:refused';
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  });
  await client.subscribeAsync([`${BASE}/input/result`, `${BASE}/cmd/result`, `${BASE}/events`], { qos: 1 });
  const before = journalFigures(dir);
  const statsBefore = t.bridge.stats();
  const next = fuzzer(options.seed, () => t.runtime.outbox.lastSeq());
  const inFlight = new Set<Promise<unknown>>();
  for (let sent = 0; sent < options.count; sent++) {
    const { topic, payload } = next();
    const publishing = client.publishAsync(`${BASE}/${topic}`, payload, { qos: 1 });
    inFlight.add(publishing);
    void publishing.finally(() => inFlight.delete(publishing));
    if (inFlight.size >= window) await Promise.race(inFlight);
    t.clock.advance(options.advanceMs ?? 50);
    if (sent % 1000 === 999) options.onProgress?.(sent + 1);
  }
  await Promise.all(inFlight);
  const lastSeq = () => t.runtime.outbox.lastSeq();
  for (let i = 0; i < 2000 && (answered < options.count || (seqs.at(-1) ?? 0) < lastSeq()); i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  const connected = t.bridge.connected() && client.connected;
  await client.endAsync();
  const after = journalFigures(dir);
  const stats = t.bridge.stats();
  let gaps = 0;
  for (let i = 1; i < seqs.length; i++) if (seqs[i] !== seqs[i - 1]! + 1) gaps++;
  return {
    sent: options.count,
    answered,
    outcomes,
    journaledByBridge:
      stats.inputs.journaled - statsBefore.inputs.journaled + stats.commands.journaled - statsBefore.commands.journaled,
    journal: {
      rowsAdded: after.inputs.rows - before.inputs.rows - (after.inputs.ticks - before.inputs.ticks),
      ticksAdded: after.inputs.ticks - before.inputs.ticks,
      bytesAdded: after.inputs.bytes - before.inputs.bytes,
      largestRow: after.inputs.largest,
      largestInput: after.inputs.largestInput,
      notJson: after.inputs.notJson,
      unserialisable: after.inputs.unserialisable,
    },
    events: {
      first: after.events.first,
      last: after.events.last,
      stored: after.events.count,
      received: seqs.length,
      gaps,
    },
    connected,
  };
}
