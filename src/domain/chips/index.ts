// The chips module's API: the hand state machine calls these (docs/chips.md).
export { act, killHand } from './act.ts';
export { award, busts, eliminations, type Bust } from './award.ts';
export { splitHiLo, splitPot } from './split.ts';
export { postAntes, postBringIn, postForced, type Blinds } from './forced.ts';
export { motion } from './motion.ts';
export { buildPots, endRound, misdeal } from './pots.ts';
export { actionOptions, chipsInPlay, mayRaise, newHand, roundOver, type HandStart } from './state.ts';
export type * from './types.ts';
export { chipsRules, type ChipsProfileFields } from './rules.ts';
export { chipsView, type ChipsView } from './view.ts';
