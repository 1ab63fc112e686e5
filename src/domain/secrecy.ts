import type { TableEvent } from './types.ts';

/** The event as a public topic may carry it: no hole or burn card identity (protocol.md, Secrecy), and no card of
 * a flop that does not stand yet, since any of its cards may still be drawn as the burn (R-FLOP-TOO-MANY scramble;
 * docs/mqtt.md, Secrecy). The engine marks those `provisional`; this stays a function of one event. */
export function toPublic(event: TableEvent): TableEvent {
  if (event.type === 'card.dealt' && event.card !== null && (event.to !== 'board' || event.provisional === true))
    return { ...event, card: null };
  if (event.type === 'board' && event.provisional === true) return { ...event, cards: [] };
  if (event.type === 'irregularity' && event.card != null) return { ...event, card: null };
  return event;
}
