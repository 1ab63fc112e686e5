// The words for a refusal or a rule, for the people who read them on a board, a floor page or a log: every
// `request.rejected` carries a stable `code` (the reason's id) and a `message` a floor person understands
// ("Seat 4 is empty", not `seat-empty`); a `violation` carries its rule's sentence beside the rule id.

const REASONS: Readonly<Record<string, (seat: number | undefined, detail: string) => string>> = {
  'seat-empty': (s) => `Seat ${s} is empty`,
  'seat-taken': (s) => `Seat ${s} already has a player`,
  'player-already-seated': () => 'That player is already seated at this table',
  'no-levels': () => 'No blind levels are running: start a structure first',
  'already-paused': () => 'The level clock is already paused',
  'not-paused': () => 'The level clock is not paused',
  'no-next-level': () => 'This is the last level: there is no next one',
  'no-previous-level': () => 'This is the first level: there is no previous one',
  'not-enough-time': () => 'That would leave no time on the level',
  'hand-in-progress': () => 'A hand is under way: wait until it ends',
  'not-enough-players': () => 'Not enough players are seated and present to start a hand',
  'too-many-players': () => 'A stud game deals at most 8 players: move a player to another table first',
  'forced-bet': (s) => `Seat ${s} must bring in and may not fold: call for the bring-in or complete`,
  'no-hand': () => 'No hand is under way',
  'no-action': () => 'Nobody is on action',
  'deal-not-complete': () => 'The deal is not complete yet',
  'facing-bet': (s) => `Seat ${s} faces a bet and cannot check`,
  'substantial-action': () => 'Too late for a misdeal: substantial action has taken place',
  'caller-absent': (s) => `Seat ${s} is not at the table, so cannot call the clock`,
  'caller-not-seated': (s) => `Seat ${s} has no player, so cannot call the clock`,
  'caller-on-action': (s) => `Seat ${s} is on action and cannot call the clock on itself`,
  'clock-running': () => 'A clock is already running',
  'no-shot-clock': () => 'This table plays no shot clock',
  'no-time-bank': (s) => `Seat ${s} has no time bank left`,
  'not-on-action': (s) => `Seat ${s} is not on action`,
  'already-exposed': () => 'That card is already recorded as exposed',
  'not-a-hole-card': () => 'That card is not a hole card of this hand',
  'no-four-card-flop': () => 'There is no four-card flop to fix',
  'not-a-flop-card': () => 'That card is not one of the flop cards',
  'unknown-profile': (_s, d) => `There is no rule profile ${d}`,
  'invalid-rules': (_s, d) => `The rule overrides are not valid: ${d}`,
  'no-chips': () => 'Chips are not tracked at this table',
  'stack-unknown': () => 'A seated player has no stack: seat them with chips or set their stack',
  'no-level': () => 'No blind level is running: start a structure first',
  'amount-required': (s) => `Seat ${s}: a bet or raise needs its amount`,
  'exceeds-stack': (s) => `Seat ${s} does not have that many chips`,
  'fixed-bets-missing': (_s, d) =>
    d
      ? `${d.charAt(0).toUpperCase()}${d.slice(1)}`
      : 'This level has no small bet and big bet for limit play: start a structure that gives them',
  capped: (s) => `Seat ${s} cannot raise: the betting is capped for this round (call or fold)`,
  'fixed-limit': (s) =>
    `Seat ${s}: in limit play a bet or raise is the fixed amount shown on the board: enter no amount, or that one`,
  'room-clock': () => "The room runs this table's level clock: change it at the room",
  'not-in-hand': (s) => `Seat ${s} is not in the hand, or cannot act any more`,
  'not-that-player': (s) => `Seat ${s} now holds another player: the chips were not added`,
};

/** The reason codes that have their own sentence (a test checks every `ctx.reject` in src/domain is among them). */
export const KNOWN_REASONS: readonly string[] = Object.keys(REASONS);

/** A reason as the engine gives it (`seat-empty`, or `invalid-rules: …` with a detail) → its code and sentence. */
export function describeReason(reason: string, seat?: number): { code: string; message: string } {
  const colon = reason.indexOf(': ');
  const code = colon > 0 ? reason.slice(0, colon) : reason;
  const detail = colon > 0 ? reason.slice(colon + 2) : '';
  const words = REASONS[code];
  if (words) return { code, message: words(seat, detail) };
  const plain = code.replace(/-/g, ' ');
  const text = `${plain.charAt(0).toUpperCase()}${plain.slice(1)}${detail ? `: ${detail}` : ''}`;
  return { code, message: seat === undefined ? text : `Seat ${seat}: ${text}` };
}

const RULES: Readonly<Record<string, string>> = {
  'R-STAY-SEATED': 'left the seat during a live hand',
};

/** A violation as a sentence that names the seat and the rule, e.g. "Seat 3 left the seat during a live hand
 * (R-STAY-SEATED)". */
export function violationMessage(seat: number, rule: string, sanction?: string): string {
  const what = RULES[rule] ?? 'broke a rule';
  return `Seat ${seat} ${what} (${rule})${sanction ? `: ${sanction}` : ''}`;
}
