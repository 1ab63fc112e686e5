// The profile fields this module reads, taken from a resolved profile object. The shipped profiles do not carry them
// yet (config/rules/*.json): a missing field takes tda's value, as rules.md says for a rule that names no value.
import { capRules, type CapProfileFields } from '../games/betting.ts';
import type { ChipsRules } from './types.ts';

export interface ChipsProfileFields extends CapProfileFields {
  chips?: { anteBy?: ChipsRules['anteBy']; denominations?: readonly number[] };
  bet?: {
    underMinimumOpen?: ChipsRules['underMinimumOpen'];
    incompleteRaise?: ChipsRules['incompleteRaise'];
    oversizedChipOpen?: ChipsRules['oversizedChipOpen'];
  };
}

/** `chips.anteBy`, `chips.denominations`, `bet.underMinimumOpen`, `bet.incompleteRaise`, `bet.oversizedChipOpen`,
 * `betting.maxRaises`, `betting.uncappedHeadsUp`. */
export function chipsRules(profile: ChipsProfileFields): ChipsRules {
  const cap = capRules(profile);
  return {
    anteBy: profile.chips?.anteBy ?? 'big-blind',
    denominations: [...(profile.chips?.denominations ?? [])].sort((a, b) => a - b),
    underMinimumOpen: profile.bet?.underMinimumOpen ?? 'minimum',
    incompleteRaise: profile.bet?.incompleteRaise ?? 'complete-if-half',
    oversizedChipOpen: profile.bet?.oversizedChipOpen ?? 'chip-value',
    maxRaises: cap.maxRaises,
    uncappedHeadsUp: cap.uncappedHeadsUp,
  };
}
