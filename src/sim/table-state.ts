// What the virtual dealer knows of the table, shared by its planning (plan.ts) and its reading of the engine's events
// (follow.ts): who is present or away, the time banks, the hand under way, and the one input in flight.
import type { Seat } from '../domain/types.ts';
import { chipsSeen, type ChipsSeen } from './chips.ts';
import type { SimHand } from './hand.ts';
import type { Opening } from './opening.ts';
import type { VirtualTableOptions } from './options.ts';
import { resolveProfile } from './profile.ts';
import { createRandom } from './random.ts';
import type { Finishing } from './resume.ts';
import { createSightings, type Sightings } from './sightings.ts';
import type { Answer, Body, Step } from './steps.ts';

export interface SimTable extends Opening {
  /** card → tag id, when reads carry the enrolled deck's uids. */
  uidOf: Map<string, string> | null;
  present: Set<Seat>;
  /** seat → hands still to miss */
  away: Map<Seat, number>;
  banks: Map<Seat, number>;
  bankLevel: number | null;
  /** When a mixed structure's last level is over and the levels start again (opening.ts, mixedStructureEnd). */
  restartLevelsAt: number | null;
  /** seats serving a missed-hands penalty */
  penalised: number;
  now: number;
  /** The answer the input in flight waits for; null: nothing in flight. */
  awaiting: Answer | null;
  agenda: Step[];
  hand: SimHand | null;
  /** A hand recovered from the journal, being ended (resume.ts), and what the table lacks once it has. */
  finishing: Finishing | null;
  afterHand: Step[];
  /** The stacks and bets, so that no bet exceeds a stack. */
  seen: ChipsSeen | null;
  sightings: Sightings | null;
}

export function createSimTable(options: VirtualTableOptions): SimTable {
  const profile = resolveProfile(options.profile, options.rules, options.profiles);
  const rate = Math.min(1, Math.max(0, options.irregularityRate));
  const playerSeats = Array.from({ length: options.players }, (_, i) => i + 1);
  const t: SimTable = {
    options,
    profile,
    random: createRandom(options.seed),
    playerSeats,
    rate,
    uidOf: options.deck ? new Map([...options.deck].map(([uid, card]) => [card, uid])) : null,
    present: new Set(),
    away: new Map(),
    banks: new Map(playerSeats.map((s) => [s, profile.shotClock.timeBanks])),
    bankLevel: null,
    restartLevelsAt: null,
    penalised: 0,
    now: options.startAt,
    awaiting: null,
    agenda: [],
    hand: null,
    finishing: null,
    afterHand: [],
    seen: options.chips ? chipsSeen() : null,
    sightings: null,
  };
  if (options.sightings)
    t.sightings = createSightings({ seed: options.seed, wrongSeat: rate / 4, readBody: (card) => readBody(t, card) });
  return t;
}

/** A card read as the shoe reports it: by tag id with an enrolled deck, else by the card's name. */
export function readBody(t: SimTable, card: string): Body {
  const uid = t.uidOf?.get(card);
  return uid !== undefined ? { type: 'card', uid } : { type: 'card', card };
}
