// A reader of PokerStars hand-history text written for the tests, apart from the writer (src/history/pokerstars.ts):
// it knows the format's lines, not our records, and recomputes every player's chips from the text alone ("raises X
// to Y" is read as the player's total in the round, as tracking tools read it).
export interface StarsHand {
  hand: number;
  button: number;
  players: { seat: number; name: string; stack: number }[];
  /** Chips each player put in, by the text's own arithmetic. */
  putIn: Map<string, number>;
  uncalled: Map<string, number>;
  collected: Map<string, number>;
  totalPot: number;
  board: string[];
  /** Every action line as `name street verb amount?`. */
  actions: string[];
  shown: Map<string, string[]>;
  /** Each "collected" line as `name amount`, in order (a hi-lo hand has one a half won). */
  collections: string[];
  /** Hi/lo: whether the text says no low hand qualified. */
  noLow: boolean;
  /** What the summary says each winner won ("won (N)", "collected (N)"). */
  summaryWon: Map<string, number>;
}

export function readStarsHand(text: string): StarsHand {
  const lines = text.split('\n').filter((l) => l !== '');
  const head = /^PokerStars Hand #(\d+): /.exec(lines[0]!);
  if (!head) throw new Error(`not a PokerStars hand: ${lines[0]}`);
  const table = /Seat #(\d+) is the button$/.exec(lines[1]!);
  if (!table) throw new Error(`no button line: ${lines[1]}`);
  const h: StarsHand = {
    hand: Number(head[1]),
    button: Number(table[1]),
    players: [],
    putIn: new Map(),
    uncalled: new Map(),
    collected: new Map(),
    totalPot: NaN,
    board: [],
    actions: [],
    shown: new Map(),
    collections: [],
    noLow: false,
    summaryWon: new Map(),
  };
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  let street = 'preflop';
  let inRound = new Map<string, number>();
  let summary = false;
  for (const line of lines.slice(2)) {
    let m: RegExpExecArray | null;
    if (summary) {
      if ((m = /^Total pot (\d+)/.exec(line))) h.totalPot = Number(m[1]);
      else if ((m = /^Board \[(.*)\]$/.exec(line))) h.board = m[1]!.split(' ');
      else if (
        (m =
          /^Seat \d+: (.+?)(?: \((?:button|small blind|big blind)\))* (?:showed \[.+?\] and won|collected) \((\d+)\)/.exec(
            line,
          ))
      )
        h.summaryWon.set(m[1]!, Number(m[2]));
    } else if ((m = /^Seat (\d+): (.+) \((\d+) in chips\)$/.exec(line))) {
      h.players.push({ seat: Number(m[1]), name: m[2]!, stack: Number(m[3]) });
    } else if ((m = /^\*\*\* (FLOP|TURN|RIVER) \*\*\* /.exec(line))) {
      street = m[1]!.toLowerCase();
      inRound = new Map();
    } else if (line === '*** SUMMARY ***') {
      summary = true;
    } else if ((m = /^(.+): posts (small blind|big blind|the ante) (\d+)( and is all-in)?$/.exec(line))) {
      add(h.putIn, m[1]!, Number(m[3]));
      if (m[2] !== 'the ante') add(inRound, m[1]!, Number(m[3]));
      h.actions.push(`${m[1]} preflop post ${m[3]}`);
    } else if ((m = /^(.+): (folds|checks)$/.exec(line))) {
      h.actions.push(`${m[1]} ${street} ${m[2]}`);
    } else if ((m = /^(.+): (calls|bets) (\d+)( and is all-in)?$/.exec(line))) {
      add(h.putIn, m[1]!, Number(m[3]));
      add(inRound, m[1]!, Number(m[3]));
      h.actions.push(`${m[1]} ${street} ${m[2]} ${m[3]}`);
    } else if ((m = /^(.+): raises (\d+) to (\d+)( and is all-in)?$/.exec(line))) {
      const added = Number(m[3]) - (inRound.get(m[1]!) ?? 0);
      add(h.putIn, m[1]!, added);
      inRound.set(m[1]!, Number(m[3]));
      h.actions.push(`${m[1]} ${street} raises ${added}`);
    } else if ((m = /^Uncalled bet \((\d+)\) returned to (.+)$/.exec(line))) {
      add(h.uncalled, m[2]!, Number(m[1]));
    } else if ((m = /^(.+) collected (\d+) from (pot|main pot|side pot-\d+)$/.exec(line))) {
      add(h.collected, m[1]!, Number(m[2]));
      h.collections.push(`${m[1]} ${m[2]}`);
    } else if (line === 'No low hand qualified') {
      h.noLow = true;
    } else if ((m = /^(.+): shows \[(.+?)\]/.exec(line))) {
      h.shown.set(m[1]!, m[2]!.split(' '));
    } else if (
      !/^(\*\*\* (HOLE CARDS|SHOW DOWN) \*\*\*|Dealt to .+ \[.+\]|.+: mucks hand|.+: doesn't show hand)$/.test(line)
    ) {
      throw new Error(`hand ${h.hand}: a line the format does not have: ${line}`);
    }
  }
  return h;
}
