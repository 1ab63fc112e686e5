// A tiny deterministic engine for runtime tests that must not depend on the rules: it gives events (the runtime numbers them),
// keeps timers (an input with `timerMs` arms one), and resets on `setup` except for its hand counter when told.
import type { EngineSnapshot } from '../../src/domain/snapshot/types.ts';
import type { EngineEvent } from '../../src/domain/types.ts';
import type { Engine } from '../../src/runtime/engine.ts';
import { tableSnap } from './snapshot.ts';

export interface FakeEngineOptions {
  /** When true, `setup` does not reset the count (state that survives a setup, which retention must detect). */
  countSurvivesSetup?: boolean;
  /** Called with each input before it is applied (the journal-before-apply test looks at the DB here). */
  onApply?: (input: unknown) => void;
  /** Without save: an engine that cannot checkpoint. */
  noSave?: boolean;
  version?: string;
}

export function fakeEngine(opts: FakeEngineOptions = {}): Engine {
  return {
    version: opts.version ?? 'fake-1',
    create: (_options, saved) => {
      const st = saved
        ? (JSON.parse(Buffer.from(saved).toString('utf8')) as {
            seq: number;
            at: number;
            count: number;
            timers: number[];
          })
        : { seq: 0, at: 0, count: 0, timers: [] };
      let { seq, at, count, timers } = st;
      const out: EngineEvent[] = [];
      const emit = (e: Record<string, unknown>, when: number) => {
        seq++; // kept in its state only to show that the runtime does not read it
        out.push({ ...e, at: when } as unknown as EngineEvent);
      };
      return {
        apply(raw: unknown) {
          opts.onApply?.(raw);
          out.length = 0;
          const input = raw as { type?: unknown; at?: unknown; timerMs?: unknown; name?: unknown };
          if (typeof input?.at !== 'number' || typeof input.type !== 'string') {
            emit({ type: 'input.rejected', reason: 'bad input' }, at);
            return [...out];
          }
          for (const t of timers.filter((d) => d <= (input.at as number)).sort((a, b) => a - b)) {
            emit({ type: 'clock.countdown', seat: 1, seconds: t }, t);
          }
          timers = timers.filter((d) => d > (input.at as number));
          at = input.at;
          if (input.type === 'tick') return [...out];
          if (input.type === 'boom') {
            // An engine bug: it counts an event, then throws.
            emit({ type: 'action', seat: 1, action: 'fold', by: 'panel' }, at);
            count += 100;
            throw new Error('engine bug');
          }
          if (input.type === 'command' && input.name === 'setup') {
            if (!opts.countSurvivesSetup) count = 0;
            timers = [];
            emit({ type: 'table.ready', seats: 9, profile: 'fake' }, at);
            return [...out];
          }
          count++;
          emit({ type: 'action', seat: 1, action: 'check', by: 'panel', count }, at);
          if (typeof input.timerMs === 'number') timers.push(at + input.timerMs);
          return [...out];
        },
        nextDeadline: () => (timers.length > 0 ? Math.min(...timers) : null),
        ...(opts.noSave ? {} : { save: () => Buffer.from(JSON.stringify({ seq, at, count, timers })) }),
        snapshot: (): EngineSnapshot => {
          const { seq: _seq, ...snap } = tableSnap({ at, seats: 9, profile: 'fake', seatInfo: [], hand: count });
          return snap;
        },
      };
    },
  };
}
