// A `setup` is journaled with the profile it resolves to: its `rules` carry every rule value, so a replay of the
// journal plays the same rules whatever the profile files say by then (docs/durability.md).
import type { TableOptions } from '../domain/api.ts';
import { resolveProfile, rulesOf } from '../domain/profile/resolve.ts';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The input with `profile` and `rules` resolved, or the input unchanged when it is no setup or does not resolve
 * (the engine then says why). */
export function withResolvedRules(input: unknown, profiles: TableOptions['profiles']): unknown {
  if (!isObj(input) || input.type !== 'command' || input.name !== 'setup') return input;
  const name = input.profile === undefined ? 'tda' : input.profile;
  if (typeof name !== 'string' || (input.rules !== undefined && !isObj(input.rules))) return input;
  try {
    const profile = resolveProfile(profiles, name, input.rules);
    return { ...input, profile: name, rules: rulesOf(profile) };
  } catch {
    return input;
  }
}
