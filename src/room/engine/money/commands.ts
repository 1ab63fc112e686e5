// The floor's money commands at the room (docs/room-money.md): `rebuy`, `add-on` and `deal`. Each is refused with a
// reason and a sentence when the rules do not allow it now; a rebuy or add-on taken sends the player's table an
// `add-chips` (R-CHIPS-ADD: the chips reach the stack before the table's next shuffle, BFP 18).
import type { RoomCtx } from '../context.ts';
import type { TableModel } from '../state.ts';
import { currentEntry, levelNow, levelPast, pay, pool } from './ledger.ts';
import type { Entry, MoneyState } from './types.ts';

function seatOf(ctx: RoomCtx, player: string): { t: TableModel; seat: number } | null {
  for (const t of ctx.state.tables) {
    const i = t.players.indexOf(player);
    if (i >= 0 && t.open && !t.broken) return { t, seat: i + 1 };
  }
  return null;
}

/** The entry of a player in play, or the refusal. */
function inPlay(ctx: RoomCtx, m: MoneyState, request: string, player: string): Entry | null {
  const state = ctx.state;
  if (state.finished) return refuse(ctx, request, 'finished', 'the tournament is over');
  if (state.players.get(player) !== true) {
    const why = state.players.has(player) ? `${player} is out of the tournament` : `${player} is not registered`;
    return refuse(ctx, request, 'not-playing', why);
  }
  if (m.prizes) return refuse(ctx, request, 'money-reached', 'the money is reached: the prize pool is final');
  if (state.moves.some((mv) => mv.player === player))
    return refuse(ctx, request, 'moving', `${player} is on the way to another table: take it once seated there`);
  return currentEntry(m, player)!;
}

function refuse(ctx: RoomCtx, request: string, reason: string, message: string): null {
  ctx.reject(request, reason, message);
  return null;
}

/** The chips go to the player's table (chips tracked: the setup has a starting stack). */
function sendChips(ctx: RoomCtx, m: MoneyState, player: string, chips: number): void {
  if (m.startingStack === null) return; // chips not tracked: the floor hands them over
  const at = seatOf(ctx, player);
  if (at) ctx.send(at.t.id, { name: 'add-chips', seat: at.seat, player, chips });
}

export function rebuy(ctx: RoomCtx, m: MoneyState, player: string): void {
  const r = m.rules.rebuy;
  if (!r) return void ctx.reject('rebuy', 'no-rebuys', 'this tournament has no rebuys');
  const entry = inPlay(ctx, m, 'rebuy', player);
  if (!entry) return;
  if (levelPast(ctx.state, r.untilLevel))
    return ctx.reject('rebuy', 'rebuys-closed', `rebuys closed after level ${r.untilLevel}`);
  if (r.max !== null && entry.rebuys >= r.max)
    return ctx.reject('rebuy', 'max-rebuys', `${player} has had the ${r.max} rebuys allowed`);
  const at = seatOf(ctx, player);
  const stack = at ? at.t.stacks[at.seat - 1] : null;
  if (stack != null && stack > r.maxStack)
    return ctx.reject(
      'rebuy',
      'stack-above-threshold',
      `${player} has ${stack} chips: a rebuy needs ${r.maxStack} or fewer`,
    );
  entry.rebuys += 1;
  m.collected.rebuys += r.price;
  m.collected.fees += r.fee;
  m.dirty = true;
  ctx.emit({ type: 'rebuy', player, chips: r.chips, price: r.price, fee: r.fee, rebuys: entry.rebuys });
  sendChips(ctx, m, player, r.chips);
}

export function addOn(ctx: RoomCtx, m: MoneyState, player: string): void {
  const a = m.rules.addOn;
  if (!a) return void ctx.reject('add-on', 'no-add-on', 'this tournament has no add-on');
  const entry = inPlay(ctx, m, 'add-on', player);
  if (!entry) return;
  const now = levelNow(ctx.state);
  if (!now || !now.isBreak || now.level !== a.atBreak)
    return ctx.reject('add-on', 'add-on-closed', `the add-on is taken during the break after level ${a.atBreak}`);
  if (entry.addOn) return ctx.reject('add-on', 'already-added-on', `${player} has taken the add-on already`);
  entry.addOn = true;
  m.collected.addOns += a.price;
  m.collected.fees += a.fee;
  m.dirty = true;
  ctx.emit({ type: 'add-on', player, chips: a.chips, price: a.price, fee: a.fee });
  sendChips(ctx, m, player, a.chips);
}

/** What the places still to be given would pay: the pool less the prizes paid. */
export function prizesLeft(m: MoneyState): number {
  if (m.deal) return 0;
  let paid = 0;
  for (const e of m.entries) paid += e.prize;
  return pool(m) - paid;
}

/** The floor enters the deal the players left agreed (an ICM or even chop, or their own): every player left, amounts
 * adding up to the prizes left exactly. Each is paid at once; the places still to come pay no prize. */
export function deal(ctx: RoomCtx, m: MoneyState, shares: { player: string; amount: number }[]): void {
  const state = ctx.state;
  if (state.finished) return ctx.reject('deal', 'finished', 'the tournament is over');
  if (!m.prizes) return ctx.reject('deal', 'not-in-the-money', 'a deal is made once the money is reached');
  if (m.deal) return ctx.reject('deal', 'already-dealt', 'a deal was entered already');
  const left = [...state.players].filter(([, playing]) => playing).map(([p]) => p);
  const named = new Set(shares.map((s) => s.player));
  const missing = left.filter((p) => !named.has(p));
  const extra = shares.map((s) => s.player).filter((p) => !left.includes(p));
  if (missing.length > 0 || extra.length > 0 || named.size !== shares.length)
    return ctx.reject('deal', 'deal-players', `a deal lists each player left once: ${left.join(', ')}`);
  const total = shares.reduce((sum, s) => sum + s.amount, 0);
  const owed = prizesLeft(m);
  if (total !== owed)
    return ctx.reject('deal', 'deal-total', `the deal adds up to ${total} cents; the prizes left are ${owed} cents`);
  m.deal = shares.map((s) => ({ ...s }));
  for (const s of shares) pay(ctx, currentEntry(m, s.player)!, s.amount, true);
  m.dirty = true;
}
