// What a public topic may carry of each event (protocol.md, Secrecy): no hole or burn card identity, nor anything to
// deduce one from. An allowlist: every event type has a written public form here, or is declared secure-only, so a
// new event type cannot reach a public topic by default (docs/mqtt.md, Secrecy).
import type { EventType, TableEvent } from './types.ts';

/** The event of one type. */
type Of<T extends EventType> = TableEvent & { type: T };

/** An event that names no card (no `card` or `cards` field) goes to public topics as it is. An event type with such a
 * field cannot be declared `asIs`: its public form must say what it hides. */
function asIs(event: TableEvent & { card?: never; cards?: never }): TableEvent {
  return event;
}

/** `null`: the event goes on the secure stream only. */
type PublicForm<T extends EventType> = ((event: Of<T>) => TableEvent) | null;

/** If this does not compile with "Property '<type>' is missing", an event type was added to EventBody (types.ts)
 * without a public form: add its entry to PUBLIC_FORMS below (`asIs` when it names no card, a form that hides the
 * card, or `null` for secure-only). */
type EveryEventTypeNeedsAPublicForm = { readonly [T in EventType]: PublicForm<T> };

const PUBLIC_FORMS: EveryEventTypeNeedsAPublicForm = {
  'table.ready': asIs,
  'seat.occupied': asIs,
  'seat.vacated': asIs,
  'player.seated': asIs,
  'player.removed': asIs,
  'hand.started': asIs,
  // Board cards only, and not a flop that does not stand yet: any of its cards may still be drawn as the burn
  // (R-FLOP-TOO-MANY scramble). The engine marks those `provisional`; this stays a function of one event.
  // A stud up card and the common card are face up on the table: public at once (R-STUD-DEAL).
  'card.dealt': (e) => (e.card !== null && !dealtFaceUp(e) ? { ...e, card: null } : e),
  // the seat that brings in and its up card, public since it was dealt
  'bring.in': (e) => e,
  'hand.dead': asIs,
  'action.on': asIs,
  action: asIs,
  board: (e) => (e.provisional === true ? { ...e, cards: [] } : e),
  // the card an irregularity names may be a hole card (exposed), a burn (extra card) or a flop card that may become
  // the burn: never public
  irregularity: (e) => (e.card != null ? { ...e, card: null } : e),
  // R-CARD-PLACE: where a card was seen and where the deal put it, never which card (it may be a hole or burn card),
  // nor the tag of a card the deck does not know
  'card.misplaced': ({ uid: _uid, ...e }) => ({ ...e, card: null }),
  misdeal: asIs,
  violation: asIs,
  'clock.called': asIs,
  'clock.countdown': asIs,
  'timebank.used': asIs,
  'request.rejected': asIs,
  'hands.exposed': asIs,
  // cards speak: the rank of the winning hand, never its cards
  showdown: asIs,
  'hand.ended': asIs,
  'level.changed': asIs,
  'penalty.started': asIs,
  'penalty.ended': asIs,
  'input.rejected': asIs,
  'device.online': asIs,
  'device.offline': asIs,
  // the floor's changes to the table: no card
  'button.set': asIs,
  'levels.paused': asIs,
  'levels.resumed': asIs,
  'level.adjusted': asIs,
  // seqs skipped after a power cut: no card
  'journal.gap': asIs,
  // chips tracked: amounts are public (protocol.md, Secrecy: chips stay visible on the table)
  'stack.set': asIs,
  'chips.added': asIs,
  'bet.placed': asIs,
  'bet.corrected': asIs,
  'bet.returned': asIs,
  pots: asIs,
  'pot.awarded': asIs,
  'player.eliminated': asIs,
  // the room's (R-ROOM-MOVE, R-ROOM-CLOCK): a player and a stack, the level clock; no card
  'player.moved': asIs,
  'level.set': asIs,
};

/** A card dealt face up for all to see: a board card that stands, the common card, a stud up card. */
function dealtFaceUp(e: Of<'card.dealt'>): boolean {
  if (e.to === 'board') return e.provisional !== true;
  return e.to === 'common' || e.up === true;
}

/** Event types whose public form is written (all of them: the table above is exhaustive). For tests. */
export const PUBLIC_EVENT_TYPES: readonly EventType[] = Object.keys(PUBLIC_FORMS) as EventType[];

/** The event as a public topic may carry it, or `null` when it goes on the secure stream only. An event type the
 * table does not know (a journal written by a newer version) is withheld: the allowlist decides, not the default. */
export function toPublic(event: TableEvent): TableEvent | null {
  if (!Object.hasOwn(PUBLIC_FORMS, event.type)) return null;
  const form = (PUBLIC_FORMS as Record<string, PublicForm<EventType>>)[event.type];
  if (!form) return null;
  return (form as (e: TableEvent) => TableEvent)(event);
}
