// An OHH record as Ignition (Bovada) hand-history text, for the tests only: the one hand-history parser on the npm
// registry (@poker-apprentice/hand-history-parser) reads that network's text and no PokerStars, so this is how a
// parser we did not write gets to read our records' players, stacks, actions, pots and winners (docs/history.md).
// Ignition names players by position (Dealer, Small Blind, Big Blind, UTG, UTG+1 …), never by name.
import { nameOf } from '../../src/domain/evaluator/high.ts';
import { gameOf, type GameName } from '../../src/domain/games/index.ts';
import type { OhhAction, OhhRecord } from '../../src/history/ohh-types.ts';

/** Seat → the position name Ignition gives it. */
export function ignitionPositions(record: OhhRecord): Map<number, string> {
  const hand = record.ohh;
  const actions = hand.rounds.flatMap((r) => r.actions);
  const sb = actions.find((a) => a.action === 'Post SB')?.player_id;
  const bb = actions.find((a) => a.action === 'Post BB')?.player_id;
  const names = new Map<number, string>();
  // dealing order starts left of the button; the blinds and the button named, the rest UTG, UTG+1 … after the BB
  const order = hand.players.map((p) => p.seat);
  const afterBb =
    bb === undefined ? order : [...order.slice(order.indexOf(bb) + 1), ...order.slice(0, order.indexOf(bb))];
  let utg = 0;
  for (const seat of afterBb) {
    if (seat === hand.dealer_seat && seat !== bb) names.set(seat, 'Dealer');
    else if (seat === sb) names.set(seat, 'Small Blind');
    else if (seat !== bb) names.set(seat, utg++ === 0 ? 'UTG' : `UTG+${utg - 1}`);
  }
  if (bb !== undefined) names.set(bb, 'Big Blind');
  return names;
}

const STRENGTHS: [string, string][] = [
  ['Royal Flush', 'Royal Straight Flush'],
  ['Straight Flush', 'Straight Flush'],
  ['Four of a Kind', 'Four of a kind'],
  ['Full House', 'Full House'],
  ['Flush', 'Flush'],
  ['Straight', 'Straight'],
  ['Three of a Kind', 'Three of a kind'],
  ['Two Pair', 'Two pair'],
  ['Pair', 'One pair'],
  ['High Card', 'High Card'],
];

function strength(record: OhhRecord, cards: readonly string[]): string {
  const board = record.ohh.rounds.flatMap((r) => r.cards ?? []);
  const name = nameOf(gameOf(record.ohh.pokertable.game as GameName).score(cards, board));
  return STRENGTHS.find(([prefix]) => name.startsWith(prefix))?.[1] ?? 'High Card';
}

export function ignitionText(record: OhhRecord): string {
  const hand = record.ohh;
  const pos = ignitionPositions(record);
  const at = hand.start_date_utc.replace('T', ' ').slice(0, 19);
  const variant = hand.game_type.toUpperCase(); // Holdem, Omaha: the format's HOLDEM, OMAHA
  const limit = hand.bet_limit.bet_type === 'PL' ? 'Pot Limit' : 'No Limit';
  const lines = [`Ignition Hand #${hand.pokertable.hand} TBL#1 ${variant} ${limit} - ${at}`];
  for (const p of [...hand.players].sort((a, b) => a.seat - b.seat)) {
    lines.push(`Seat ${p.seat}: ${pos.get(p.seat)} (${p.starting_stack} in chips)`);
  }
  lines.push(`Dealer : Set dealer [${hand.dealer_seat}]`);
  const who = (a: OhhAction) => pos.get(a.player_id)!;
  let board: string[] = [];
  for (const round of hand.rounds) {
    if (round.street === 'Showdown') continue;
    if (round.street === 'Preflop') {
      for (const a of round.actions) {
        if (a.action === 'Post Ante') lines.push(`${who(a)} : Ante chip ${a.amount}`);
        if (a.action === 'Post SB') lines.push(`${who(a)} : Small Blind ${a.amount}`);
        if (a.action === 'Post BB') lines.push(`${who(a)} : Big blind ${a.amount}`);
      }
      lines.push('*** HOLE CARDS ***');
      for (const a of round.actions) {
        if (a.action === 'Dealt Cards' && a.cards)
          lines.push(`${who(a)} : Card dealt to a spot [${a.cards.join(' ')}]`);
      }
    } else {
      const before = board.length > 0 ? `[${board.join(' ')}] ` : '';
      board = [...board, ...(round.cards ?? [])];
      lines.push(`*** ${round.street.toUpperCase()} *** ${before}[${(round.cards ?? []).join(' ')}]`);
    }
    lines.push(...bettingLines(round.actions, round.street === 'Preflop', who));
    for (const r of hand.pokertable.returned) {
      const last = [...hand.rounds]
        .reverse()
        .find((x) => x.actions.some((a) => a.player_id === r.player_id && (a.amount ?? 0) > 0));
      if (last?.id === round.id) lines.push(`${pos.get(r.player_id)} : Return uncalled portion of bet ${r.amount}`);
    }
  }
  const showdown = hand.rounds.find((r) => r.street === 'Showdown');
  for (const a of showdown?.actions ?? []) {
    // the parser reads a mucked hand from `Does not show`, a shown one from `Showdown`
    const verb = a.action === 'Shows Cards' ? 'Showdown' : 'Does not show';
    lines.push(`${who(a)} : ${verb} [${(a.cards ?? []).join(' ')}] (${strength(record, a.cards ?? [])})`);
  }
  for (const pot of hand.pots) {
    for (const w of pot.player_wins) {
      lines.push(`${pos.get(w.player_id)} : Hand result${pot.number > 0 ? '-Side pot' : ''} ${w.win_amount}`);
    }
  }
  lines.push('*** SUMMARY ***', `Total Pot(${hand.pots.reduce((s, p) => s + p.amount, 0)})`);
  if (board.length > 0) lines.push(`Board [${board.join(' ')}]`);
  return lines.join('\n');
}

function bettingLines(actions: readonly OhhAction[], preflop: boolean, who: (a: OhhAction) => string): string[] {
  const inRound = new Map<number, number>();
  let current = 0;
  const out: string[] = [];
  for (const a of actions) {
    const amount = a.amount ?? 0;
    const total = (inRound.get(a.player_id) ?? 0) + amount;
    if (a.action === 'Post SB' || a.action === 'Post BB') {
      if (preflop) inRound.set(a.player_id, total);
      current = Math.max(current, total);
      continue;
    }
    if (a.action === 'Fold') out.push(`${who(a)} : Folds`);
    else if (a.action === 'Check') out.push(`${who(a)} : Checks`);
    // an all-in call as a call: the format's `All-in` is read as a bet unless the action just before was a bet or a
    // raise (the parser's guess, as the format does not say), which an all-in call after a call is not
    else if (a.action === 'Call') out.push(`${who(a)} : Calls ${amount}`);
    else if (a.action === 'Bet') out.push(`${who(a)} : ${a.is_allin ? 'All-in' : 'Bets'} ${amount}`);
    else if (a.action === 'Raise')
      out.push(`${who(a)} : ${a.is_allin ? 'All-in(raise)' : 'Raises'} ${amount} to ${total}`);
    if (a.action === 'Call' || a.action === 'Bet' || a.action === 'Raise') {
      inRound.set(a.player_id, total);
      current = Math.max(current, total);
    }
  }
  return out;
}
