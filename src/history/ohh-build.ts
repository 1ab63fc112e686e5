// One hand's Open Hand History record, secure form, from the hand's events (hand.started … hand.ended) and the
// table's context at its start. Pure: the same events give the same record, live, from the journal or in a replay.
import {
  GAME_NAMES,
  gameOf,
  isBettingName,
  structureOf,
  type BettingName,
  type Game,
  type GameName,
} from '../domain/games/index.ts';
import type { Card, Seat, TableEvent } from '../domain/types.ts';
import { hiLoOf } from './ohh-hilo.ts';
import { roundsOf } from './ohh-rounds.ts';
import { studParts } from './ohh-stud.ts';
import { OHH_SPEC_VERSION, type OhhPlayer, type OhhPot, type OhhRecord } from './ohh-types.ts';
import { isStudHand } from './stud-events.ts';
import type { Blinds } from './table-context.ts';

export const SITE_NAME = 'pokertable';
/** Bumped when what a record holds changes (OHH `internal_version`: the writer's own). */
export const RECORD_VERSION = '1';

/** The table around the hand. */
export interface RecordMeta {
  tableId: string;
  /** The tournament room the table plays in, or null. */
  tournament: string | null;
  epoch: string | null;
  /** The game when the hand's deal does not tell (a misdeal before the hole cards were out). */
  defaultGame: GameName;
}

/** What the context knew at `hand.started`. */
export interface HandStart {
  tableSize: number;
  names: ReadonlyMap<Seat, string>;
  stacks: ReadonlyMap<Seat, number>;
  blinds: Blinds | null;
}

type Started = Extract<TableEvent, { type: 'hand.started' }>;

export function buildRecord(events: readonly TableEvent[], start: HandStart, meta: RecordMeta): OhhRecord {
  const hs = events[0] as Started;
  const last = events[events.length - 1]!;
  const ended = last.type === 'hand.ended' ? last : null;
  const seats = hs.dealtIn;
  const game = gameOf(gameOfHand(hs, events, meta.defaultGame));
  const betting = structureOf(bettingOfHand(hs, game));
  // a stud deal (up cards, stud streets) is read street by street; a flop game's by its hole cards and board
  const stud = isStudHand(events) ? studParts(events, seats, game, start.blinds) : null;
  const holeCards = stud?.cards ?? holeCardsOf(events, game.holeCards);
  // chips are tracked when the table says so at the shuffle: it knows every stack, or the hand moves chips
  const chipsTracked =
    (seats.length > 0 && seats.every((s) => start.stacks.has(s))) || events.some((e) => e.type === 'bet.placed');
  const stacks = startingStacks(events, start.stacks);
  const { rounds, dead, rank, shown } = stud?.rounds ?? roundsOf({ events, seats, holeCards });
  const hilo = hiLoOf(game, events, holeCards, shown, stud?.board);
  const players: OhhPlayer[] = seats.map((seat) => ({
    id: seat,
    seat,
    name: start.names.get(seat) ?? `Seat ${seat}`,
    display: start.names.get(seat) ?? `Seat ${seat}`,
    starting_stack: chipsTracked ? (stacks.get(seat) ?? 0) : 0,
    ...(holeCards.has(seat) ? { cards: [...holeCards.get(seat)!] } : {}),
  }));
  const blinds = start.blinds ?? postedBlinds(events);
  return {
    ohh: {
      spec_version: OHH_SPEC_VERSION,
      site_name: SITE_NAME,
      network_name: SITE_NAME,
      internal_version: RECORD_VERSION,
      tournament: meta.tournament !== null,
      ...(meta.tournament !== null
        ? { tournament_info: { tournament_number: meta.tournament, name: meta.tournament, type: 'MTT' as const } }
        : {}),
      game_number: `${meta.tableId}-${hs.hand}`,
      start_date_utc: new Date(hs.at).toISOString(),
      table_name: meta.tableId,
      table_handle: meta.tableId,
      game_type: game.history.ohhGameType,
      bet_limit: { bet_type: chipsTracked ? betting.history.betType : 'NL', bet_cap: 0 },
      table_size: start.tableSize,
      currency: 'Chips',
      ...(hs.button !== null ? { dealer_seat: hs.button } : {}),
      small_blind_amount: blinds.smallBlind,
      big_blind_amount: blinds.bigBlind,
      ante_amount: blinds.ante,
      flags: [],
      players,
      rounds,
      pots: potsOf(events, ended?.winners ?? winnersAtShowdown(events)),
      pokertable: {
        table_id: meta.tableId,
        hand: hs.hand!,
        level: hs.level,
        game: game.name,
        betting: betting.name,
        chips_tracked: chipsTracked,
        end: ended?.reason ?? 'misdeal',
        epoch: meta.epoch,
        seqs: [hs.seq, last.seq],
        returned: events.flatMap((e) =>
          e.type === 'bet.returned' ? [{ player_id: e.seat, amount: e.amount, reason: e.reason }] : [],
        ),
        dead,
        form: 'secure',
        ...(rank !== undefined ? { rank } : {}),
        ...(hilo !== undefined ? { hilo } : {}),
        ...(stud ? { stud: stud.extension } : {}),
      },
    },
  };
}

/** `hand.started` names the hand's game; a journal written before it did is read by the deal: the number of hole
 * cards most seats got is the game's (games/ descriptors, no game named here). */
function gameOfHand(hs: Started, events: readonly TableEvent[], fallback: GameName): GameName {
  const named = (hs as { game?: unknown }).game;
  if (typeof named === 'string' && (GAME_NAMES as readonly string[]).includes(named)) return named as GameName;
  const counts = new Map<Seat, number>();
  for (const e of events) {
    if (e.type === 'card.dealt' && e.to === 'seat' && e.seat !== undefined && !e.premature) {
      counts.set(e.seat, (counts.get(e.seat) ?? 0) + 1);
    }
  }
  const tally = new Map<number, number>();
  for (const n of counts.values()) tally.set(n, (tally.get(n) ?? 0) + 1);
  const common = [...tally.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0];
  return GAME_NAMES.find((name) => gameOf(name).holeCards === common) ?? fallback;
}

/** `hand.started` names the hand's structure; before it did, the game's own. */
function bettingOfHand(hs: Started, game: Game): BettingName {
  const named = (hs as { betting?: unknown }).betting;
  return isBettingName(named) ? named : game.defaultBetting;
}

/** Each seat's hole cards: the last `count` cards dealt to it (an exposed card replaced at the end of the deal is
 * before its replacement, R-EXPOSED-*). Unread cards (public events) are left out. */
function holeCardsOf(events: readonly TableEvent[], count: number): Map<Seat, Card[]> {
  const cards = new Map<Seat, Card[]>();
  for (const e of events) {
    if (e.type !== 'card.dealt' || e.to !== 'seat' || e.seat === undefined || e.premature || e.card === null) continue;
    const list = cards.get(e.seat) ?? [];
    list.push(e.card);
    if (list.length > count) list.shift();
    cards.set(e.seat, list);
  }
  return cards;
}

/** The context's stacks; a seat it does not know (its seating pruned from the journal) from its first bet: what was
 * left after it, plus what it took. */
function startingStacks(events: readonly TableEvent[], known: ReadonlyMap<Seat, number>): Map<Seat, number> {
  const stacks = new Map(known);
  for (const e of events) {
    if (e.type === 'bet.placed' && !stacks.has(e.seat)) stacks.set(e.seat, e.stack + e.amount);
  }
  return stacks;
}

function postedBlinds(events: readonly TableEvent[]): Blinds {
  const blinds: Blinds = { smallBlind: 0, bigBlind: 0, ante: 0 };
  for (const e of events) {
    if (e.type !== 'bet.placed') continue;
    if (e.action === 'small-blind') blinds.smallBlind = Math.max(blinds.smallBlind, e.amount);
    if (e.action === 'big-blind') blinds.bigBlind = Math.max(blinds.bigBlind, e.amount);
  }
  return blinds;
}

function winnersAtShowdown(events: readonly TableEvent[]): Seat[] {
  for (const e of events) if (e.type === 'showdown') return e.winners;
  return [];
}

/** The pots as awarded, main pot first (`pot.awarded` lists the outermost first). Without chips tracked there is no
 * `pot.awarded`: one pot of amount 0 names the winners, each with 0 (not known). */
function potsOf(events: readonly TableEvent[], winners: readonly Seat[]): OhhPot[] {
  const awarded = events.find((e) => e.type === 'pot.awarded');
  if (awarded) {
    return [...awarded.pots].reverse().map((pot, number) => {
      const wins = new Map<Seat, number>();
      for (const s of pot.shares) wins.set(s.seat, (wins.get(s.seat) ?? 0) + s.amount);
      return {
        number,
        amount: pot.amount,
        rake: 0,
        player_wins: [...wins].map(([seat, amount]) => ({ player_id: seat, win_amount: amount, contributed_rake: 0 })),
      };
    });
  }
  const chips = events.some((e) => e.type === 'bet.placed' || e.type === 'bet.returned');
  if (chips || winners.length === 0) return [];
  return [
    {
      number: 0,
      amount: 0,
      rake: 0,
      player_wins: winners.map((seat) => ({ player_id: seat, win_amount: 0, contributed_rake: 0 })),
    },
  ];
}
