// The terminal's live summary in simulated mode: a few lines redrawn in place on a TTY, one line per hand otherwise
// (pipes, CI logs). The logs themselves go elsewhere (stderr at warn, or --log-file), so nothing floods this.
import type { TableSnapshot } from '../domain/snapshot/types.ts';
import type { TableEvent } from '../domain/types.ts';

export interface SummaryOptions {
  out: NodeJS.WritableStream & { isTTY?: boolean };
  header: string[];
  /** Wall-clock ms, for the redraw throttle only. */
  wallNow?: () => number;
}

export interface Summary {
  update(events: readonly TableEvent[], snapshot: TableSnapshot): void;
  line(text: string): void;
  close(): void;
}

const NOTABLE = new Set([
  'irregularity',
  'card.misplaced',
  'misdeal',
  'hand.dead',
  'violation',
  'clock.called',
  'penalty.started',
  'device.offline',
]);

export function describeNotable(e: TableEvent): string | null {
  const hand = e.hand !== undefined ? `#${e.hand} ` : '';
  if (e.type === 'irregularity') return `${hand}irregularity ${e.kind}: ${e.remedy}`;
  if (e.type === 'misdeal') return `${hand}misdeal (${e.reason})`;
  if (e.type === 'card.misplaced') {
    // where, never which card: the terminal may be on a screen in the room
    const seen =
      e.seen.place === 'seat' ? `at seat ${e.seen.seat}` : e.seen.place === 'board' ? 'on the board' : 'in the muck';
    const x = e.expected;
    const dealt = !x ? 'not dealt in this hand' : x.to === 'seat' ? `dealt to seat ${x.seat}` : `a ${x.to} card`;
    return `${hand}misplaced card ${seen} (${dealt})`;
  }
  if (e.type === 'hand.dead') return `${hand}seat ${e.seat} hand dead (${e.reason})`;
  if (e.type === 'violation') return `${hand}seat ${e.seat} violation ${e.rule}`;
  if (e.type === 'clock.called') return `${hand}clock called on seat ${e.seat} by ${e.by}`;
  if (e.type === 'penalty.started') return `seat ${e.seat} penalty, ${e.hands} hands`;
  if (e.type === 'device.offline') return `device ${e.device} offline: ${e.detail}`;
  return null;
}

export function levelText(s: TableSnapshot | null): string {
  const l = s?.level;
  if (!l) return 'no levels running';
  if (l.isBreak) return `break (level ${l.level})`;
  return `level ${l.level}: ${forcedBets(l)}${l.paused ? ' (paused)' : ''}`;
}

/** A level's forced bets as the floor says them: the blinds and ante, or a stud level's ante and bring-in (it has no
 * blinds, R-STUD-BRING-IN); the fixed bets where the level has them (R-BET-LIMIT). */
function forcedBets(l: NonNullable<TableSnapshot['level']>): string {
  const bets = l.smallBet !== undefined && l.bigBet !== undefined ? `, bets ${l.smallBet}/${l.bigBet}` : '';
  if (l.bringIn !== undefined) return `ante ${l.ante ?? 0}, bring-in ${l.bringIn}${bets}`;
  return `${l.smallBlind}/${l.bigBlind}${l.ante ? ` ante ${l.ante}` : ''}${bets}`;
}

export function createSummary(options: SummaryOptions): Summary {
  const { out } = options;
  const tty = out.isTTY === true;
  const wallNow = options.wallNow ?? Date.now;
  let hands = 0;
  let lastHand: number | null = null;
  let lastResult = '';
  const notable: string[] = [];
  let counts = { irregularity: 0, misdeal: 0, dead: 0 };
  let snapshot: TableSnapshot | null = null;
  let drawn = 0;
  let lastDraw = 0;
  let pending: NodeJS.Timeout | null = null;

  for (const line of options.header) out.write(`${line}\n`);

  const lines = (): string[] => [
    `hands played ${hands}${lastHand !== null ? ` · hand ${lastHand}` : ''} · ${levelText(snapshot)}`,
    `irregularities ${counts.irregularity} · misdeals ${counts.misdeal} · dead hands ${counts.dead}${lastResult ? ` · last showdown: ${lastResult}` : ''}`,
    ...notable.map((n) => `  ${n}`),
  ];

  const draw = () => {
    pending = null;
    lastDraw = wallNow();
    const text = lines().map((l) => (l.length > 150 ? `${l.slice(0, 147)}...` : l));
    out.write(`${drawn > 0 ? `\x1b[${drawn}A` : ''}\x1b[J${text.join('\n')}\n`);
    drawn = text.length;
  };

  return {
    update(events, snap) {
      snapshot = snap;
      let handEnded = false;
      for (const e of events) {
        if (e.type === 'hand.started') lastHand = e.hand ?? lastHand;
        if (e.type === 'hand.ended') {
          hands++;
          handEnded = true;
        }
        if (e.type === 'showdown') {
          const seats = (w: readonly number[]) => `seat${w.length > 1 ? 's' : ''} ${w.join(',')}`;
          lastResult = `${seats(e.winners)} won, ${e.rank}`;
          // a hi-lo game (R-HILO): the low half too
          if (e.lowWinners !== undefined)
            lastResult += e.lowWinners.length > 0 ? `; low ${seats(e.lowWinners)}, ${e.lowRank}` : '; no low';
        }
        if (e.type === 'irregularity') counts = { ...counts, irregularity: counts.irregularity + 1 };
        if (e.type === 'misdeal') counts = { ...counts, misdeal: counts.misdeal + 1 };
        if (e.type === 'hand.dead') counts = { ...counts, dead: counts.dead + 1 };
        if (NOTABLE.has(e.type)) {
          const text = describeNotable(e);
          if (text) {
            notable.push(text);
            if (notable.length > 3) notable.shift();
          }
        }
      }
      if (!tty) {
        if (handEnded) out.write(`${lines().slice(0, 2).join(' · ')}\n`);
        return;
      }
      // At most four redraws a second, whatever the speed.
      if (pending) return;
      const wait = Math.max(0, 250 - (wallNow() - lastDraw));
      pending = setTimeout(draw, wait);
      pending.unref();
    },
    line(text) {
      if (tty && drawn > 0) {
        out.write(`\x1b[${drawn}A\x1b[J`);
        drawn = 0;
      }
      out.write(`${text}\n`);
    },
    close() {
      if (pending) clearTimeout(pending);
      // The last picture stays on screen; what follows goes below it.
      if (tty) draw();
      drawn = 0;
    },
  };
}
