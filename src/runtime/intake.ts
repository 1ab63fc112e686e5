// What the runtime does to an input before the journal: stamp its time (never backwards) and turn it into the JSON
// the engine and every replay will see, refusing what the engine would only answer with `input.rejected`.
import type { TableOptions } from '../domain/api.ts';
import type { Engine } from './engine.ts';
import { gapOf } from './gap.ts';
import { withResolvedRules } from './resolve-setup.ts';
import type { RawInput } from './types.ts';

/** The input with its `at` (the clock's `now` when absent), never before `lastAt`: a timer must not see an input
 * from before the one that armed it. A bad `at` stays in the input for the engine to reject; the journal row gets
 * the last good time. */
export function stampInput(raw: RawInput, lastAt: number, now: () => number): { at: number; input: unknown } {
  const given = raw.at;
  if (given !== undefined && (typeof given !== 'number' || !Number.isFinite(given))) {
    return { at: Math.max(lastAt, 0), input: raw };
  }
  const at = Math.max(given ?? now(), lastAt);
  return { at, input: { ...raw, at } };
}

/** The JSON the engine and every replay will see, or why the input is refused before the journal. */
export function serialiseInput(
  input: unknown,
  engine: Engine,
  options: TableOptions,
): { json: string; value: unknown } | { refused: string } {
  let json: string | undefined;
  try {
    json = JSON.stringify(input);
  } catch (err) {
    return { refused: `not JSON: ${(err as Error).message}` }; // a BigInt, a cycle
  }
  if (json === undefined) return { refused: 'not JSON' };
  const value = JSON.parse(json) as unknown;
  // The runtime's own gap input (gap.ts) is no engine input: the engine never sees it.
  if (gapOf(value)) return { json, value };
  const reason = engine.malformed?.(value) ?? null;
  if (reason !== null) return { refused: reason };
  const resolved = withResolvedRules(value, options.profiles);
  return resolved === value ? { json, value } : { json: JSON.stringify(resolved), value: resolved };
}
