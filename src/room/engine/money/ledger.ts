// The room's books (docs/room-money.md): entries taken, bounties moved at each knockout, prizes paid as the places
// are given. Every cent taken into the prize pool or onto a head is paid out exactly once: the prizes of the places
// (or the deal), the bounties to the eliminators, and what is left on the heads to the winner.
import type { RoomCtx } from '../context.ts';
import type { RoomState } from '../state.ts';
import { prizesFor, payoutWeights } from './payouts.ts';
import type { Entry, MoneyRules, MoneyState } from './types.ts';

export function initialMoney(rules: MoneyRules, startingStack: number | null, at: number): MoneyState {
  return {
    rules,
    openedAt: at,
    startingStack,
    entries: [],
    current: new Map(),
    collected: { buyIns: 0, fees: 0, bounties: 0, rebuys: 0, addOns: 0 },
    unclaimed: 0,
    prizes: null,
    deal: null,
    awards: new Map(),
    dirty: true,
  };
}

/** What the entries, rebuys and add-ons put in the pool. */
export function collectedPool(m: MoneyState): number {
  return m.collected.buyIns + m.collected.rebuys + m.collected.addOns;
}

/** The prize pool: what was collected, or the guarantee when that is more. */
export function pool(m: MoneyState): number {
  return Math.max(m.rules.guarantee, collectedPool(m));
}

/** The prizes of the paid places as they stand: final once the money is reached. */
export function prizesNow(state: RoomState, m: MoneyState): number[] {
  return m.prizes ?? prizesFor(m.rules.payout, state.entries, pool(m));
}

/** The level in force (its number; a break carries the number of the level before it), or null before the clock. */
export function levelNow(state: RoomState): { level: number; isBreak: boolean } | null {
  const ls = state.levels;
  if (!ls) return null;
  return { level: ls.numbers[ls.index]!, isBreak: 'break' in ls.levels[ls.index]! };
}

/** Whether the clock is past the end of `until` (the break after it still counts as before). */
export function levelPast(state: RoomState, until: number): boolean {
  const now = levelNow(state);
  return now !== null && now.level > until;
}

export function currentEntry(m: MoneyState, player: string): Entry | undefined {
  const i = m.current.get(player);
  return i === undefined ? undefined : m.entries[i];
}

/** Why `register` may not take this player now, or null. `player` is known to be out or new. */
export function entryRefusal(state: RoomState, m: MoneyState, player: string): [string, string] | null {
  if (m.prizes) return ['money-reached', 'the money is reached: no more entries, the prize pool is final'];
  const last = currentEntry(m, player);
  if (!last) {
    const until = m.rules.registrationUntilLevel;
    if (until !== null && levelPast(state, until))
      return ['registration-closed', `registration closed after level ${until}`];
    return null;
  }
  const re = m.rules.reEntry;
  if (!re) return ['no-re-entry', 'this tournament has no re-entry'];
  if (levelPast(state, re.untilLevel)) return ['re-entry-closed', `re-entry closed after level ${re.untilLevel}`];
  if (last.number >= re.maxEntries) return ['max-entries', `${player} has had the ${re.maxEntries} entries allowed`];
  return null;
}

/** A new entry is taken: buy-in, fee and bounty collected. */
export function entered(state: RoomState, m: MoneyState, player: string): void {
  const last = currentEntry(m, player);
  const r = m.rules;
  m.entries.push({
    player,
    number: (last?.number ?? 0) + 1,
    rebuys: 0,
    addOn: false,
    head: r.bounty?.amount ?? 0,
    won: 0,
    wonTotal: 0,
    place: null,
    prize: 0,
    paid: 0,
    by: [],
    out: false,
  });
  m.current.set(player, m.entries.length - 1);
  m.collected.buyIns += r.buyIn;
  m.collected.fees += r.fee;
  m.collected.bounties += r.bounty?.amount ?? 0;
  m.dirty = true;
}

/** The money is reached when a place that pays is given, or when the players left after a place are no more than
 * the places paid: the pool and the prizes are final from then on, for at most as many places as are still to be
 * given (a place above them was given already, unpaid, before re-entries raised the places paid). No entry, rebuy
 * or add-on is taken after. */
function lockIfInTheMoney(state: RoomState, m: MoneyState, best: number, before: number): void {
  if (m.prizes) return;
  const paid = payoutWeights(m.rules.payout, state.entries).length;
  const toGive = best <= paid ? before : state.left <= paid ? state.left : 0;
  if (toGive === 0) return;
  m.prizes = prizesFor(m.rules.payout, state.entries, pool(m), toGive);
  m.dirty = true;
}

/** A table's `pot.awarded`: kept until its busts are read (the bounty goes to the winners of the bust's last pot). */
export function potsAwarded(m: MoneyState, table: string, pots: unknown): void {
  if (!Array.isArray(pots)) return;
  const list: { seats: number[]; winners: number[] }[] = [];
  for (const p of pots as unknown[]) {
    if (typeof p !== 'object' || p === null) continue;
    const { seats, winners } = p as { seats?: unknown; winners?: unknown };
    if (!Array.isArray(seats) || !Array.isArray(winners)) continue;
    list.push({ seats: seats.filter(Number.isInteger), winners: winners.filter(Number.isInteger) });
  }
  m.awards.set(table, list);
}

/** Splits `total` cents among `n` as evenly as cents allow, the first ones getting the leftover cents. */
export function even(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => base + (i < total - base * n ? 1 : 0));
}

/** A `player.eliminated` at a table: the bounty on the player's head goes to the winners of the outermost pot the
 * player was in (the pot that took the last chips), shared evenly; with a progressive knockout `progressive` percent of
 * each share goes onto the winner's own head. No known winner (chips not tracked): the bounty goes to the winner. */
export function knockout(ctx: RoomCtx, m: MoneyState, table: string, seat: number, player: string): void {
  const entry = currentEntry(m, player);
  if (!entry || entry.head === 0 || entry.place !== null) return;
  const t = ctx.state.byId.get(table)!;
  const pots = m.awards.get(table) ?? [];
  // `pot.awarded` lists the outermost pot first.
  const last = pots.find((p) => p.seats.includes(seat));
  const winners = (last?.winners ?? [])
    .map((s) => t.players[s - 1])
    .filter((p): p is string => typeof p === 'string' && p !== player && currentEntry(m, p) !== undefined);
  if (winners.length === 0) return; // left on the head: to the winner of the tournament (ledger: placed)
  const shares = even(entry.head, winners.length);
  entry.head = 0;
  entry.by = winners;
  winners.forEach((w, i) => {
    const e = currentEntry(m, w)!;
    const share = shares[i]!;
    const toHead = Math.floor((share * (m.rules.bounty?.progressive || 0)) / 100);
    const cash = share - toHead;
    e.head += toHead;
    e.won += cash;
    e.wonTotal += cash;
    ctx.emit({ type: 'bounty', player: w, from: player, cash, toHead, head: e.head });
  });
  m.dirty = true;
}

/** The player's entry in play leaves the tournament (its place comes later, R-ROOM-PLACES). */
export function entryOut(m: MoneyState, player: string): void {
  const entry = currentEntry(m, player);
  if (entry) entry.out = true;
}

/** Places were given (worst first; tied players share a place): each entry is paid its prize and its bounties. Tied
 * players share the prizes of the places they cover (a tie for 5th of two covers 5th and 6th). */
export function placed(ctx: RoomCtx, m: MoneyState, ranked: { player: string; place: number }[]): void {
  const best = Math.min(...ranked.map((r) => r.place));
  lockIfInTheMoney(ctx.state, m, best, ctx.state.left + ranked.length);
  const prizes = m.prizes ?? [];
  const counted = new Map<number, number>();
  for (const r of ranked) counted.set(r.place, (counted.get(r.place) ?? 0) + 1);
  const shares = new Map<number, number[]>();
  for (const [place, n] of counted) {
    let sum = 0;
    for (let p = place; p < place + n; p++) sum += m.deal ? 0 : (prizes[p - 1] ?? 0);
    shares.set(place, even(sum, n));
  }
  for (const r of ranked) {
    // the entry that left (a re-entry of the same player may already be in play)
    const entry = m.entries.find((e) => e.player === r.player && e.place === null && (e.out || r.place === 1));
    if (!entry) continue;
    entry.place = r.place;
    const prize = shares.get(r.place)!.shift()!;
    if (r.place === 1) {
      // the winner's own head, and every bounty no eliminator was found for
      entry.won += entry.head + m.unclaimed;
      entry.wonTotal += entry.head + m.unclaimed;
      m.unclaimed = 0;
    } else m.unclaimed += entry.head; // out with no known eliminator: the winner takes it
    entry.head = 0;
    pay(ctx, entry, prize, false);
  }
  m.dirty = true;
}

/** Pays an entry a prize (a place's, or the deal's) and the bounty cash it has won since its last payment. */
export function pay(ctx: RoomCtx, entry: Entry, prize: number, deal: boolean): void {
  const bounties = entry.won;
  entry.won = 0;
  entry.prize += prize;
  entry.paid += prize + bounties;
  if (prize + bounties === 0) return;
  const body = { player: entry.player, place: entry.place, prize, bounties, total: prize + bounties };
  ctx.emit(deal ? { type: 'payout', ...body, deal: true } : { type: 'payout', ...body });
}
