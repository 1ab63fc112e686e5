// PokerStars-format text from an OHH record, for the tracking and replaying tools that import it (docs/history.md).
// The format has no misdeal, no hand without amounts and only the games its header names: those records give null.
import { gameOf, structureOf, type BettingName, type GameName } from '../domain/games/index.ts';
import type { OhhAction, OhhHand, OhhRecord, OhhRound } from './ohh-types.ts';
import { hiLoCollected, hiLoHand } from './pokerstars-hilo.ts';

/** Why a record has no PokerStars text, or null when it has one. */
export function pokerStarsRefusal(record: OhhRecord): string | null {
  const hand = record.ohh;
  const x = hand.pokertable;
  if (!x.chips_tracked) return 'chips are not tracked: the format needs every amount';
  if (x.end === 'misdeal') return 'a misdeal: the format has none';
  if (x.returned.some((r) => r.reason !== 'uncalled'))
    return 'chips returned without a pot: the format has no such hand';
  if (gameOf(x.game as GameName).history.pokerStars === null) return `the format has no ${x.game}`;
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
  const blinds = `(${hand.small_blind_amount}/${hand.big_blind_amount})`;
  const date = starsDate(hand.start_date_utc);
  const max = `${hand.table_size}-max Seat #${hand.dealer_seat} is the button`;
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

/** The round's actions; a raise is written "raises BY to TO" from the chips each seat has in this round. */
function bettingLines(round: OhhRound, name: ReadonlyMap<number, string>): string[] {
  const inRound = new Map<number, number>();
  let current = 0;
  const lines: string[] = [];
  for (const a of round.actions) {
    const who = name.get(a.player_id);
    const amount = a.amount ?? 0;
    if (a.action === 'Post SB' || a.action === 'Post BB') {
      inRound.set(a.player_id, (inRound.get(a.player_id) ?? 0) + amount);
      current = Math.max(current, inRound.get(a.player_id)!);
      continue;
    }
    if (a.action === 'Fold') lines.push(`${who}: folds`);
    else if (a.action === 'Check') lines.push(`${who}: checks`);
    else if (a.action === 'Call') lines.push(`${who}: calls ${amount}${allIn(a)}`);
    else if (a.action === 'Bet') lines.push(`${who}: bets ${amount}${allIn(a)}`);
    else if (a.action === 'Raise') {
      const to = (inRound.get(a.player_id) ?? 0) + amount;
      lines.push(`${who}: raises ${to - current} to ${to}${allIn(a)}`);
    }
    if (a.action === 'Call' || a.action === 'Bet' || a.action === 'Raise') {
      inRound.set(a.player_id, (inRound.get(a.player_id) ?? 0) + amount);
      current = Math.max(current, inRound.get(a.player_id)!);
    }
  }
  return lines;
}

/** An uncalled bet goes back at the end of the round of the player's last bet or raise. */
function uncalledRounds(hand: OhhHand, betting: readonly OhhRound[]): Map<number, OhhHand['pokertable']['returned']> {
  const at = new Map<number, OhhHand['pokertable']['returned']>();
  for (const r of hand.pokertable.returned) {
    const round = [...betting]
      .reverse()
      .find((b) => b.actions.some((a) => a.player_id === r.player_id && (a.amount ?? 0) > 0));
    const id = round?.id ?? betting[betting.length - 1]?.id ?? 0;
    at.set(id, [...(at.get(id) ?? []), r]);
  }
  return at;
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
      what =
        fold.street === 'Preflop' ? `folded before Flop${bet ? '' : " (didn't bet)"}` : `folded on the ${fold.street}`;
    } else if (shown?.action === 'Shows Cards') {
      const cards = `[${(shown.cards ?? []).join(' ')}]`;
      const rank = handWords(hand, p.id, amount !== undefined);
      what = `showed ${cards} and ${amount ? `won (${amount})` : 'lost'}${rank ? ` with ${rank}` : ''}`;
    } else if (shown) what = 'mucked';
    else what = amount ? `collected (${amount})` : 'folded before Flop';
    lines.push(`Seat ${p.seat}: ${p.name}${tags} ${what}`);
  }
  return lines;
}

/** The words for a shown hand: in a hi-lo hand both halves of every shown hand; else the winning hand's name, on
 * the winners only (the table names no other). */
function handWords(hand: OhhHand, player: number, won: boolean): string {
  const hilo = hand.pokertable.hilo;
  if (hilo) return hiLoHand(hilo, player);
  return won ? (hand.pokertable.rank ?? '') : '';
}

function positionTags(button: boolean, actions: readonly OhhAction[]): string {
  let tags = button ? ' (button)' : '';
  if (actions.some((a) => a.action === 'Post SB')) tags += ' (small blind)';
  if (actions.some((a) => a.action === 'Post BB')) tags += ' (big blind)';
  return tags;
}

function allIn(a: OhhAction): string {
  return a.is_allin ? ' and is all-in' : '';
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
