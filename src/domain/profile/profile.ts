// A rule profile: every number and choice rules.md attributes to a rulebook. Code reads these fields and never
// asks which profile it runs (design.md, "Rules are data").

export interface Profile {
  name: string;
  description?: string;
  presence: { debounceMs: number };
  shoe: { repeatReadMs: number };
  misdeal: {
    /** R-EXPOSED-EARLY: hole-card positions whose exposure is a misdeal. */
    exposedPositions: number[];
    /** R-SUBSTANTIAL-ACTION (TDA 36): (A) `chipActions` actions of which at least one puts chips in, or (B)
     * `anyActions` actions of any kind. */
    substantialAction: { chipActions: number; anyActions: number };
  };
  /** R-FLOP-TOO-MANY: `scramble` draws one of the four as the burn (TDA 39); `redeal` returns the flop to the stub. */
  flopTooMany: 'scramble' | 'redeal';
  premature: {
    /** R-PREMATURE-*: whether a new burn comes before the card(s) dealt again. */
    reburn: { flop: boolean; turn: boolean; river: boolean };
    /** R-PREMATURE-TURN: `reshuffle` puts the card back; `set-aside` deals the river card as the turn (Robert 4). */
    turn: 'reshuffle' | 'set-aside';
  };
  shotClock: {
    enabled: boolean;
    seconds: number;
    timeBanks: number;
    extensionSeconds: number;
    bankReset: 'level' | 'tournament';
    checkWhenFree: boolean;
  };
  clock: {
    seconds: number;
    countdownSeconds: number;
    /** R-CLOCK-CALL expiry: checked when not facing a bet (TDA 29), else the hand is dead. */
    checkWhenFree: boolean;
  };
  button: { bigBlindOut: 'dead-button' | 'button-stays' };
  /** R-NEW-PLAYER: extra hands a newcomer waits when seated where the seat lay between the previous hand's small and
   * big blind, or between its button and small blind (its big blind when it had no small blind). */
  newPlayer: { extraHandsBetweenOldBlinds: number; extraHandsBetweenOldButtonAndSmallBlind: number };
  /** R-PENALTY-LADDER: the sanction of the 1st, 2nd, … fault (the last one repeats); [] for no ladder. */
  penalty: { ladder: string[] };
  /** R-CHIPS-TRACKED and the money rules (docs/chips.md). Every profile file carries them; a profile built in code
   * without them is `mode: off`. */
  chips?: { mode: 'off' | 'tracked'; anteBy: 'big-blind' | 'each'; denominations: number[] };
  bet?: {
    underMinimumOpen: 'check' | 'minimum';
    incompleteRaise: 'complete-if-half' | 'call';
    oversizedChipOpen: 'chip-value' | 'minimum';
  };
  /** R-BET-LIMIT: the raises a limit round allows after its bet, and when heads-up lifts that cap (`table`: two
   * dealt in; `hand`: also two live seats left before it is reached). A profile without it takes tda's (3, table). */
  betting?: { maxRaises: number; uncappedHeadsUp: 'table' | 'hand' };
}

/** R-CHIPS-TRACKED: the table tracks chips (stacks, bets, pots). */
export function chipsTracked(profile: Profile): boolean {
  return profile.chips?.mode === 'tracked';
}
