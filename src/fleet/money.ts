// The fleet's money (`npm run fleet -- --money`, docs/room-money.md): the room keeps the books of a re-entry and rebuy
// tournament, and this floor takes re-entries and rebuys as a floor would while they are open: a player knocked out
// enters again (one in two, drawn from the name), and each knockout brings a rebuy asked for a player still in (the
// room refuses it in words when the stack is above the threshold). At the end the books must balance: the prizes
// paid are the pool, the payouts the pool and the bounties, no entry paid twice.
import type { MqttClient } from 'mqtt';

/** The fleet room's money: 100.00 + 10.00, re-entry and rebuys until level 4, a progressive bounty, the standard
 * payout, a guarantee the entries pass. */
export const FLEET_MONEY = {
  currency: 'EUR',
  buyIn: 10000,
  fee: 1000,
  reEntry: { untilLevel: 4, maxEntries: 3 },
  rebuy: { untilLevel: 4, maxStack: 10000, chips: 10000, price: 10000, fee: 0 },
  bounty: { amount: 2500, progressive: 50 },
  guarantee: 100000,
  payout: 'standard',
};

type Obj = Record<string, unknown>;

export interface FleetMoney {
  /** Re-entries and rebuys asked and taken so far. */
  counts(): { reEntries: number; rebuys: number; refused: number };
  /** Players left, as the room's prizes last said (entries less places no longer counts them with re-entries). */
  left(): number | null;
  /** The books at the end, or why they do not balance. */
  verdict(): { ok: boolean; line: string };
}

const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

export async function startFleetMoney(
  floor: MqttClient,
  roomId: string,
  players: readonly string[],
): Promise<FleetMoney> {
  const base = `room/${roomId}`;
  const inPlay = new Set(players);
  let prizes: Obj | null = null;
  const payouts: Obj[] = [];
  let asked = 0;
  let reEntries = 0;
  let rebuys = 0;
  let refused = 0;
  const send = (name: string, player: string) =>
    floor.publish(`${base}/cmd/${name}`, JSON.stringify({ id: `money-${++asked}`, player }), { qos: 1 });
  floor.on('message', (topic, payload) => {
    const m = JSON.parse(payload.toString()) as Obj;
    if (topic === `${base}/prizes`) prizes = m;
    else if (topic === `${base}/money`) {
      if (m.type === 'payout') payouts.push(m);
      if (m.type === 'rebuy') rebuys += 1;
    } else if (topic === `${base}/cmd/result` && String(m.id).startsWith('money-') && m.ok !== true) refused += 1;
    else if (topic === `${base}/places`) {
      const player = String(m.player);
      inPlay.delete(player);
      const open = (prizes?.open ?? {}) as Obj;
      if (open.reEntry === true && hash(player) % 2 === 1) {
        send('register', player);
        inPlay.add(player);
        reEntries += 1;
      }
      const still = [...inPlay];
      if (open.rebuy === true && still.length > 0) send('rebuy', still[hash(`${player}${asked}`) % still.length]!);
    }
  });
  await floor.subscribeAsync([`${base}/prizes`, `${base}/money`, `${base}/places`], { qos: 1 });
  return {
    counts: () => ({ reEntries, rebuys, refused }),
    left: () => (prizes ? Number((prizes as Obj).playersLeft) : null),
    verdict() {
      const p = prizes;
      if (!p) return { ok: false, line: 'no prizes received from the room' };
      const sum = (k: string) => payouts.reduce((n, x) => n + Number(x[k]), 0);
      const collected = p.collected as Obj;
      const pool = Number(p.pool);
      const bounties = Number(collected.bounties);
      const paidTwice = payouts.length - new Set(payouts.map((x) => `${String(x.player)}@${String(x.place)}`)).size;
      const ok = sum('prize') === pool && sum('total') === pool + bounties && paidTwice === 0;
      const eur = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
      return {
        ok,
        line:
          `${String(p.entries)} entries (${String(p.reEntries)} re-entries), ${String(p.rebuys)} rebuys; pool ${eur(pool)}, ` +
          `prizes paid ${eur(sum('prize'))} to ${String(p.placesPaid)} places, bounties ${eur(bounties)} taken and ` +
          `${eur(sum('total') - sum('prize'))} paid, ${payouts.length} payouts${paidTwice ? `, ${paidTwice} paid twice` : ''}: ` +
          (ok ? 'the books balance' : 'THE BOOKS DO NOT BALANCE'),
      };
    },
  };
}
