// The tournament's results when it ends (docs/room-money.md, "The summary"): places, payouts, bounties, rebuys and
// add-ons per entry, as JSON, as a CSV a cashier opens in a spreadsheet, and in the Open Tournament Summary format
// (OTS 1.1.5, ts-specs.handhistory.org) where it fits. Amounts stay whole cents in the JSON; the CSV and the OTS
// write them as decimal text (12345 → 123.45) by integer division, never through a float.
import type { RoomState } from '../state.ts';
import { pool } from './ledger.ts';
import type { Collected, MoneyState } from './types.ts';

export interface SummaryEntry {
  player: string;
  entry: number;
  place: number | null;
  rebuys: number;
  addOn: boolean;
  /** What this entry paid in: buy-in, fee, bounty, rebuys, add-on. */
  paidIn: number;
  prize: number;
  bounties: number;
  /** Everything paid to it (prize, deal, bounties). */
  paidOut: number;
  knockedOutBy: string[];
}

export interface RoomSummary {
  room: string;
  currency: string;
  startedAt: number;
  endedAt: number;
  finished: boolean;
  entries: number;
  players: number;
  reEntries: number;
  rebuys: number;
  addOns: number;
  pool: number;
  collected: Collected;
  overlay: number;
  cashTaken: number;
  paidOut: number;
  placesPaid: number;
  deal: { player: string; amount: number }[] | null;
  /** Best place first; entries still in (the tournament not over) last. */
  results: SummaryEntry[];
}

export function roomSummary(state: RoomState, m: MoneyState, room: string, startedAt: number): RoomSummary {
  const r = m.rules;
  const costOf = (rebuys: number, addOn: boolean) =>
    r.buyIn +
    r.fee +
    (r.bounty?.amount ?? 0) +
    rebuys * ((r.rebuy?.price ?? 0) + (r.rebuy?.fee ?? 0)) +
    (addOn ? (r.addOn?.price ?? 0) + (r.addOn?.fee ?? 0) : 0);
  const results = m.entries
    .map((e) => ({
      player: e.player,
      entry: e.number,
      place: e.place,
      rebuys: e.rebuys,
      addOn: e.addOn,
      paidIn: costOf(e.rebuys, e.addOn),
      prize: e.prize,
      bounties: e.paid - e.prize,
      paidOut: e.paid,
      knockedOutBy: [...e.by],
    }))
    .sort(
      (a, b) => (a.place ?? Infinity) - (b.place ?? Infinity) || a.player.localeCompare(b.player) || a.entry - b.entry,
    );
  const c = m.collected;
  const p = pool(m);
  return {
    room,
    currency: r.currency,
    startedAt,
    endedAt: state.now,
    finished: state.finished,
    entries: m.entries.length,
    players: new Set(m.entries.map((e) => e.player)).size,
    reEntries: m.entries.filter((e) => e.number > 1).length,
    rebuys: m.entries.reduce((n, e) => n + e.rebuys, 0),
    addOns: m.entries.filter((e) => e.addOn).length,
    pool: p,
    collected: { ...c },
    overlay: p - (c.buyIns + c.rebuys + c.addOns),
    cashTaken: c.buyIns + c.fees + c.bounties + c.rebuys + c.addOns,
    paidOut: m.entries.reduce((n, e) => n + e.paid, 0),
    placesPaid: m.prizes?.length ?? 0,
    deal: m.deal && m.deal.map((d) => ({ ...d })),
    results,
  };
}

/** 12345 → "123.45", -5 → "-0.05": integer arithmetic only. */
export function decimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function csvField(v: string): string {
  return /[",\r\n]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** One line per entry, RFC 4180, UTF-8 with a byte-order mark (spreadsheets then read accents right); amounts as
 * decimal text. A name starting with = + - @ is quoted, so a spreadsheet never reads it as a formula. */
export function summaryCsv(s: RoomSummary): string {
  const head = [
    'place',
    'player',
    'entry',
    'rebuys',
    'add-on',
    'paid in',
    'prize',
    'bounties',
    'paid out',
    'knocked out by',
    'currency',
  ];
  const lines = s.results.map((e) =>
    [
      e.place === null ? '' : String(e.place),
      e.player,
      String(e.entry),
      String(e.rebuys),
      e.addOn ? 'yes' : 'no',
      decimal(e.paidIn),
      decimal(e.prize),
      decimal(e.bounties),
      decimal(e.paidOut),
      e.knockedOutBy.join(' & '),
      s.currency,
    ]
      .map(csvField)
      .join(','),
  );
  const total = [
    '',
    'TOTAL',
    String(s.entries),
    String(s.rebuys),
    String(s.addOns),
    decimal(s.cashTaken),
    decimal(s.pool),
    decimal(s.paidOut - s.pool),
    decimal(s.paidOut),
    '',
    s.currency,
  ];
  return `\uFEFF${[head.join(','), ...lines, total.map(csvField).join(',')].join('\r\n')}\r\n`;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The Open Tournament Summary of the tournament. OTS is written for one player's own records (its `hero`); the
 * room has none, so the winner is named. A player with several entries has one finish: their best, with the prizes of
 * all their entries; `rebuys` counts rebuys and re-entries together. */
export function summaryOts(s: RoomSummary, m: MoneyState, name: string, roundMinutes: number | null): string {
  const r = m.rules;
  const byPlayer = new Map<string, SummaryEntry[]>();
  for (const e of s.results) byPlayer.set(e.player, [...(byPlayer.get(e.player) ?? []), e]);
  const money = (cents: number) => `\u0000${cents}\u0000`; // spliced in as decimal text below
  const finishes = [...byPlayer.entries()].map(([player, list]) => {
    const still = list.some((e) => e.place === null);
    const best = Math.min(...list.map((e) => e.place ?? Infinity));
    const prize = list.reduce((n, e) => n + e.paidOut, 0);
    return still && !Number.isFinite(best)
      ? { player_name: player, still_playing: true }
      : {
          player_name: player,
          finish_position: best,
          still_playing: still,
          prize: money(prize),
          ticket_value: money(0),
        };
  });
  const rebuys = [...byPlayer.entries()]
    .map(([player, list]) => ({
      player_name: player,
      rebuys: list.reduce((n, e) => n + e.rebuys, 0) + list.length - 1,
      addons: list.filter((e) => e.addOn).length,
    }))
    .filter((x) => x.rebuys + x.addons > 0);
  const winner = s.results.find((e) => e.place === 1)?.player ?? null;
  const flags = [
    ...(r.reEntry || r.rebuy ? ['REBUY'] : []),
    ...(r.addOn ? ['ADDON'] : []),
    ...(r.bounty ? [r.bounty.progressive ? 'PKO' : 'KO'] : []),
    ...(r.guarantee > 0 ? ['GUARANTEED'] : []),
  ];
  const ots = {
    ots: {
      spec_version: '1.1.5',
      site_name: 'pokertable',
      network_name: 'pokertable',
      internal_version: '1',
      tournament_number: s.room,
      tournament_name: name,
      start_date_utc: iso(s.startedAt),
      end_date_utc: iso(s.endedAt),
      currency: s.currency,
      buyin_amount: money(r.buyIn),
      fee_amount: money(r.fee),
      bounty_fee_amount: r.bounty ? money(r.bounty.amount) : null,
      initial_stack: m.startingStack,
      type: 'MTT',
      flags,
      speed: roundMinutes === null ? null : { type: 'Normal', round_time: roundMinutes * 60 },
      prize_pool: money(s.pool),
      hero_player_name: winner,
      player_count: s.entries,
      tournament_finishes_and_winnings: finishes,
      rebuy_cost: r.rebuy ? money(r.rebuy.price + r.rebuy.fee) : null,
      addon_cost: r.addOn ? money(r.addOn.price + r.addOn.fee) : null,
      tournament_rebuys: rebuys,
    },
  };
  return `${JSON.stringify(ots, null, 2).replace(/"\\u0000(-?\d+)\\u0000"/g, (_, c: string) => decimal(Number(c)))}\n`;
}

export interface SummaryFiles {
  summary: RoomSummary;
  json: string;
  csv: string;
  ots: string;
}

/** The three files of a room's summary, or null when it keeps no money. */
export function summaryFiles(state: RoomState, room: string, name: string): SummaryFiles | null {
  const m = state.money;
  if (!m) return null;
  const summary = roomSummary(state, m, room, m.openedAt);
  const first = state.levels?.levels.find((l) => !('break' in l));
  const minutes = first ? first.minutes : null;
  return {
    summary,
    json: `${JSON.stringify(summary, null, 2)}\n`,
    csv: summaryCsv(summary),
    ots: summaryOts(summary, m, name, minutes),
  };
}
