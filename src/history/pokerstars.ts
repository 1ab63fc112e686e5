// PokerStars-format text from an OHH record, for the tracking and replaying tools that import it (docs/history.md).
// The format has no misdeal, no hand without amounts and only the games its header names: those records give null.
import { gameOf, isGameName, structureOf, type BettingName, type GameName } from '../domain/games/index.ts';
import type { OhhAction, OhhHand, OhhRecord, OhhRound, OhhStreet } from './ohh-types.ts';
import { allIn, bettingLines, uncalledRounds } from './pokerstars-betting.ts';
import { hiLoCollected, hiLoHand, lowWords } from './pokerstars-hilo.ts';
import { studFolded, studStreetLines } from './pokerstars-stud.ts';

/** Why a record has no PokerStars text, or null when it has one. */
export function pokerStarsRefusal(record: OhhRecord): string | null {
  const hand = record.ohh;
  const x = hand.pokertable;
  if (!x.chips_tracked) return 'chips are not tracked: the format needs every amount';
  if (x.end === 'misdeal') return 'a misdeal: the format has none';
  if (x.returned.some((r) => r.reason !== 'uncalled'))
    return 'chips returned without a pot: the format has no such hand';
  if (!isGameName(x.game) || gameOf(x.game).history.pokerStars === null) return `the format has no ${x.game}`;
  if (x.stud && (x.stud.small_bet === null || x.stud.big_bet === null))
    return "the level names no small and big bet, which the format's stud header carries";
  return null;
}

export function pokerStarsText(record: OhhRecord): string | null {
  if (pokerStarsRefusal(record) !== null) return null;
  const hand = record.ohh;
  const name = new Map(hand.players.map((p) => [p.id, p.name]));
  const lines: string[] = [...header(hand)];
  for (const p of [...hand.players].sort((a, b) => a.seat - b.seat)) {
    lines.push(`Seat ${p.seat}: ${p.name} (${p.starting_stack} in chips)`);
  }
  const betting = hand.rounds.filter((r) => r.street !== 'Showdown');
  const uncalledAfter = uncalledRounds(hand, betting);
  if (hand.pokertable.stud) {
    const stud = studStreetLines(betting, name, uncalledAfter);
    lines.push(...stud.lines, ...showdownLines(hand, name), ...summary(hand, stud.board));
    return lines.join('\n') + '\n';
  }
  const board: string[] = [];
  for (const round of betting) {
    if (round.street === 'Preflop') {
      lines.push(...preflopHead(round, name));
    } else {
      const before = board.length > 0 ? `[${board.join(' ')}] ` : '';
      board.push(...(round.cards ?? []));
      lines.push(`*** ${round.street.toUpperCase()} *** ${before}[${(round.cards ?? []).join(' ')}]`);
    }
    lines.push(...bettingLines(round, name));
    for (const r of uncalledAfter.get(round.id) ?? [])
      lines.push(`Uncalled bet (${r.amount}) returned to ${name.get(r.player_id)}`);
  }
  lines.push(...showdownLines(hand, name), ...summary(hand, board));
  return lines.join('\n') + '\n';
}

function header(hand: OhhHand): string[] {
  const x = hand.pokertable;
  const game = `${gameOf(x.game as GameName).history.pokerStars!} ${structureOf(x.betting as BettingName).history.pokerStars}`;
  // a stud hand's header names the level's small and big bet, as the format's limit stud does, and no button
  const stud = x.stud;
  const blinds = stud ? `(${stud.small_bet}/${stud.big_bet})` : `(${hand.small_blind_amount}/${hand.big_blind_amount})`;
  const date = starsDate(hand.start_date_utc);
  const button = hand.dealer_seat !== undefined ? ` Seat #${hand.dealer_seat} is the button` : '';
  const max = `${hand.table_size}-max${button}`;
  if (hand.tournament && hand.tournament_info) {
    const number = tournamentNumber(hand.tournament_info.tournament_number);
    return [
      `PokerStars Hand #${x.hand}: Tournament #${number}, ${game} - Level ${roman(x.level ?? 1)} ${blinds} - ${date}`,
      `Table '${number} ${hand.table_name}' ${max}`,
    ];
  }
  return [`PokerStars Hand #${x.hand}:  ${game} ${blinds} - ${date}`, `Table '${hand.table_name}' ${max}`];
}

function preflopHead(round: OhhRound, name: ReadonlyMap<number, string>): string[] {
  const posts = round.actions.filter((a) => a.action.startsWith('Post '));
  // the antes go in first, then the blinds (the format's order)
  posts.sort((a, b) => Number(b.action === 'Post Ante') - Number(a.action === 'Post Ante'));
  const words: Record<string, string> = { 'Post Ante': 'the ante', 'Post SB': 'small blind', 'Post BB': 'big blind' };
  const lines = posts.map((a) => `${name.get(a.player_id)}: posts ${words[a.action]} ${a.amount}${allIn(a)}`);
  lines.push('*** HOLE CARDS ***');
  for (const a of round.actions) {
    if (a.action === 'Dealt Cards' && a.cards && a.cards.length > 0) {
      lines.push(`Dealt to ${name.get(a.player_id)} [${a.cards.join(' ')}]`);
    }
  }
  return lines;
}

function showdownLines(hand: OhhHand, name: ReadonlyMap<number, string>): string[] {
  const lines: string[] = [];
  const showdown = hand.rounds.find((r) => r.street === 'Showdown');
  if (showdown) {
    lines.push('*** SHOW DOWN ***');
    const winners = new Set(hand.pots.flatMap((p) => p.player_wins.map((w) => w.player_id)));
    for (const a of showdown.actions) {
      const who = name.get(a.player_id);
      if (a.action === 'Shows Cards') {
        const rank = handWords(hand, a.player_id, winners.has(a.player_id));
        lines.push(`${who}: shows [${(a.cards ?? []).join(' ')}]${rank ? ` (${rank})` : ''}`);
      } else lines.push(`${who}: mucks hand`);
    }
  }
  const hilo = hand.pokertable.hilo;
  if (hilo) lines.push(...hiLoCollected(hand, hilo, name));
  const many = hand.pots.length > 1;
  for (const pot of hilo ? [] : hand.pots) {
    const from = !many ? 'pot' : pot.number === 0 ? 'main pot' : `side pot-${pot.number}`;
    for (const w of pot.player_wins) lines.push(`${name.get(w.player_id)} collected ${w.win_amount} from ${from}`);
  }
  if (!showdown)
    for (const w of hand.pots[0]?.player_wins ?? []) lines.push(`${name.get(w.player_id)}: doesn't show hand`);
  return lines;
}

function summary(hand: OhhHand, board: readonly string[]): string[] {
  const total = hand.pots.reduce((s, p) => s + p.amount, 0);
  const parts =
    hand.pots.length > 1
      ? ` Main pot ${hand.pots[0]!.amount}.` +
        hand.pots
          .slice(1)
          .map((p) => ` Side pot-${p.number} ${p.amount}.`)
          .join('')
      : '';
  const lines = ['*** SUMMARY ***', `Total pot ${total}${parts} | Rake 0`];
  if (board.length > 0) lines.push(`Board [${board.join(' ')}]`);
  const all = hand.rounds.flatMap((r) => r.actions.map((a) => ({ a, street: r.street })));
  const won = new Map<number, number>();
  for (const p of hand.pots)
    for (const w of p.player_wins) won.set(w.player_id, (won.get(w.player_id) ?? 0) + w.win_amount);
  const showdown = hand.rounds.find((r) => r.street === 'Showdown');
  for (const p of [...hand.players].sort((a, b) => a.seat - b.seat)) {
    const mine = all.filter((x) => x.a.player_id === p.id);
    const tags = positionTags(
      hand.dealer_seat === p.seat,
      mine.map((x) => x.a),
    );
    const fold = mine.find((x) => x.a.action === 'Fold');
    const shown = showdown?.actions.find((a) => a.player_id === p.id);
    const amount = won.get(p.id);
    let what: string;
    if (fold) {
      const bet = mine.some((x) => (x.a.amount ?? 0) > 0 && x.a.action !== 'Post Ante');
      what = folded(fold.street, bet);
    } else if (shown?.action === 'Shows Cards') {
      const cards = `[${(shown.cards ?? []).join(' ')}]`;
      const rank = handWords(hand, p.id, amount !== undefined);
      what = `showed ${cards} and ${amount ? `won (${amount})` : 'lost'}${rank ? ` with ${rank}` : ''}`;
    } else if (shown) what = 'mucked';
    else what = amount ? `collected (${amount})` : folded(hand.rounds[0]?.street ?? 'Preflop', true);
    lines.push(`Seat ${p.seat}: ${p.name}${tags} ${what}`);
  }
  return lines;
}

/** The summary's words for a fold: "folded before Flop", "folded on the Turn"; the stud streets' own. */
function folded(street: OhhStreet, bet: boolean): string {
  const stud = studFolded(street, bet);
  if (stud !== null) return stud;
  return street === 'Preflop' ? `folded before Flop${bet ? '' : " (didn't bet)"}` : `folded on the ${street}`;
}

/** The words for a shown hand: in a hi-lo hand both halves of every shown hand; in stud every shown hand by the
 * record's names ("Lo: 9,5,4,2,A" in razz, whose one hand is a low); else the winning hand's name, on the winners
 * only (the table names no other). */
function handWords(hand: OhhHand, player: number, won: boolean): string {
  const hilo = hand.pokertable.hilo;
  if (hilo) return hiLoHand(hilo, player);
  const stud = hand.pokertable.stud?.shown.find((s) => s.player_id === player);
  if (stud) return stud.high ?? (stud.low !== null ? `Lo: ${lowWords(stud.low)}` : '');
  return won ? (hand.pokertable.rank ?? '') : '';
}

function positionTags(button: boolean, actions: readonly OhhAction[]): string {
  let tags = button ? ' (button)' : '';
  if (actions.some((a) => a.action === 'Post SB')) tags += ' (small blind)';
  if (actions.some((a) => a.action === 'Post BB')) tags += ' (big blind)';
  return tags;
}

/** `2026/01/02 13:04:05 UTC`. */
function starsDate(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getUTCFullYear()}/${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())} ` +
    `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC`
  );
}

/** The format's tournament number is digits: a room id that is not becomes a stable number (FNV-1a). */
export function tournamentNumber(id: string): string {
  if (/^[0-9]+$/.test(id)) return id;
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return String(h);
}

function roman(n: number): string {
  const table: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  for (const [value, digits] of table) for (; n >= value; n -= value) out += digits;
  return out;
}
