import type { TableEvent } from './types.ts';

/** The event as a public topic may carry it: no hole or burn card identity (protocol.md, Secrecy). */
export function toPublic(event: TableEvent): TableEvent {
  if (event.type === 'card.dealt' && event.to !== 'board' && event.card !== null) return { ...event, card: null };
  if (event.type === 'irregularity' && event.card != null) return { ...event, card: null };
  return event;
}
