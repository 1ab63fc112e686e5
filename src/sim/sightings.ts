// The card antennas of the simulated table (R-CARD-PLACE): now and then a player's card passes over its seat's
// antenna, the board's cards over the board antenna, a folded hand's cards reach the muck; rarely a card lands at the
// wrong seat (a card slid too far, a player picking up a neighbour's card), which the table reports as
// `card.misplaced`. Sightings are side inputs, never waited for: a sighting where the card belongs has no answer.
// Its own generator, so turning sightings on does not change which cards are dealt or what the players do.
import type { Seat, EngineEvent } from '../domain/types.ts';
import { createRandom, type Random } from './random.ts';
import type { Body, Step } from './steps.ts';

export interface SightingOptions {
  seed: number;
  /** Chance per hand of one card seen at the wrong seat. */
  wrongSeat: number;
  /** A card's input body as the shoe would send it (its uid when a deck is enrolled). */
  readBody: (card: string) => Body;
}

/** Chance that one opportunity (the deal complete, a board, a fold) gives a sighting where the card belongs. */
const CHANCE = 0.3;

export interface Sightings {
  /** Follows one event; returns the sightings it gives rise to, as side steps. */
  follow(e: EngineEvent): Step[];
}

export function createSightings(options: SightingOptions): Sightings {
  const random: Random = createRandom((options.seed ^ 0x5ee1) >>> 0);
  const hole = new Map<Seat, string[]>();
  let wrongPlanned = false;
  let dealt = false;

  const sight = (card: string, where: { place: 'seat'; seat: Seat } | { place: 'board' | 'muck' }): Step => ({
    after: random.int(200, 800),
    input: { ...options.readBody(card), ...where } as Body,
    answer: null,
  });

  const afterDeal = (): Step[] => {
    const seats = [...hole.keys()].filter((s) => hole.get(s)!.length > 0);
    if (seats.length < 2) return [];
    const steps: Step[] = [];
    if (random.chance(CHANCE)) {
      const seat = random.pick(seats);
      steps.push(sight(random.pick(hole.get(seat)!), { place: 'seat', seat }));
    }
    if (wrongPlanned) {
      const from = random.pick(seats);
      const to = random.pick(seats.filter((s) => s !== from));
      steps.push(sight(random.pick(hole.get(from)!), { place: 'seat', seat: to }));
    }
    return steps;
  };

  return {
    follow(e) {
      if (e.type === 'hand.started') {
        hole.clear();
        dealt = false;
        wrongPlanned = random.chance(options.wrongSeat);
      } else if (e.type === 'card.dealt') {
        if (e.to === 'seat' && e.card !== null && e.seat !== undefined)
          hole.set(e.seat, [...(hole.get(e.seat) ?? []), e.card]);
      } else if (e.type === 'irregularity') {
        // an exposed card may have become the burn (R-EXPOSED-LATE): no longer looked at as a hole card
        if (e.kind === 'exposed-card' && e.card != null && e.seat !== undefined)
          hole.set(
            e.seat,
            (hole.get(e.seat) ?? []).filter((c) => c !== e.card),
          );
      } else if (e.type === 'action.on' && !dealt) {
        dealt = true; // the first street's first action: the deal is complete, the players look at their cards
        return afterDeal();
      } else if (e.type === 'board') {
        if (e.provisional !== true && e.cards.length >= 3 && random.chance(CHANCE))
          return [sight(random.pick(e.cards), { place: 'board' })];
      } else if (e.type === 'action' && e.action === 'fold') {
        const cards = hole.get(e.seat);
        if (cards && cards.length > 0 && random.chance(CHANCE)) return [sight(random.pick(cards), { place: 'muck' })];
      }
      return [];
    },
  };
}
