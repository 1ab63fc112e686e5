// What `room/<id>/prizes` carries (retained; docs/room-money.md): the pool and how it was made, the places paid and
// what each pays, the bubble, the bounties, the cash taken, and at a final table of 10 or fewer with every stack known
// the ICM and even chops of the prizes left.
import type { RoomCtx } from '../context.ts';
import type { RoomState } from '../state.ts';
import { prizesLeft } from './commands.ts';
import { evenChop, icmChop, MAX_ICM_PLAYERS } from './icm.ts';
import { collectedPool, levelPast, pool, prizesNow } from './ledger.ts';
import type { MoneyState, PrizesSnapshot } from './types.ts';

function stacksLeft(state: RoomState): { player: string; stack: number }[] | null {
  const out: { player: string; stack: number }[] = [];
  for (const t of state.tables) {
    if (!t.open || t.broken) continue;
    t.players.forEach((p, i) => {
      if (p !== null && state.players.get(p) === true) out.push({ player: p, stack: t.stacks[i] ?? -1 });
    });
  }
  if (out.length !== state.left || out.some((x) => x.stack <= 0)) return null;
  return out;
}

function chop(state: RoomState, m: MoneyState): PrizesSnapshot['chop'] {
  if (!m.prizes || m.deal || state.finished || state.left < 2 || state.left > MAX_ICM_PLAYERS) return null;
  const players = stacksLeft(state);
  if (!players) return null;
  const stacks = players.map((p) => p.stack);
  const icm = icmChop(stacks, m.prizes.slice(0, players.length));
  const even = evenChop(stacks, prizesLeft(m));
  return players.map((p, i) => ({ ...p, icm: icm[i]!, even: even[i]! }));
}

export function prizesSnapshot(state: RoomState, m: MoneyState): PrizesSnapshot {
  const r = m.rules;
  const prizes = prizesNow(state, m);
  const left = state.left;
  const bubble = m.prizes ? 0 : Math.max(0, left - prizes.length);
  // the next place to be given is `left`; the next jump is the first better place paying more than it
  const nowPays = left <= prizes.length ? prizes[left - 1]! : 0;
  let jump: PrizesSnapshot['nextPayJump'] = null;
  for (let place = Math.min(left, prizes.length + 1) - 1; place >= 1; place--)
    if (prizes[place - 1]! > nowPays) {
      jump = { players: left - place, amount: prizes[place - 1]! };
      break;
    }
  let rebuys = 0;
  let addOns = 0;
  for (const e of m.entries) {
    rebuys += e.rebuys;
    if (e.addOn) addOns += 1;
  }
  const c = m.collected;
  const heads = m.entries
    .filter((e) => !e.out && e.place === null)
    .map((e) => ({ player: e.player, head: e.head, won: e.wonTotal }));
  return {
    currency: r.currency,
    entries: m.entries.length,
    reEntries: m.entries.filter((e) => e.number > 1).length,
    rebuys,
    addOns,
    playersLeft: left,
    pool: pool(m),
    collected: { ...c },
    overlay: pool(m) - collectedPool(m),
    cashTaken: c.buyIns + c.fees + c.bounties + c.rebuys + c.addOns,
    placesPaid: prizes.length,
    prizes: prizes.map((amount, i) => ({ place: i + 1, amount })),
    moneyReached: m.prizes !== null,
    bubble,
    nextPayJump: jump,
    chips:
      m.startingStack === null
        ? null
        : m.entries.length * m.startingStack + rebuys * (r.rebuy?.chips ?? 0) + addOns * (r.addOn?.chips ?? 0),
    bounty: r.bounty && { amount: r.bounty.amount, progressive: r.bounty.progressive || null },
    heads,
    open: {
      registration: !m.prizes && !(r.registrationUntilLevel !== null && levelPast(state, r.registrationUntilLevel)),
      reEntry: !m.prizes && r.reEntry !== null && !levelPast(state, r.reEntry.untilLevel),
      rebuy: !m.prizes && r.rebuy !== null && !levelPast(state, r.rebuy.untilLevel),
      addOn: !m.prizes && r.addOn !== null && !levelPast(state, r.addOn.atBreak),
    },
    paid: m.entries
      .filter((e) => e.paid > 0)
      .map((e) => ({ player: e.player, place: e.place, prize: e.prize, bounties: e.paid - e.prize, total: e.paid })),
    deal: m.deal && m.deal.map((d) => ({ ...d })),
    chop: chop(state, m),
  };
}

/** At the end of a step that changed the money: the new `prizes`. */
export function publishPrizes(ctx: RoomCtx): void {
  const m = ctx.state.money;
  if (!m?.dirty) return;
  m.dirty = false;
  ctx.emit({ type: 'prizes', ...prizesSnapshot(ctx.state, m) });
}
