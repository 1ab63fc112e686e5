// The public form of a record (`<base>/history`, `--public`): only the hands shown at showdown or exposed all-in keep
// their cards; every other hole card, a mucked hand's too, is taken out (docs/history.md). A stud up card was dealt
// face up (R-STUD-DEAL): it stays, in the seat's cards and in its street's `Dealt Cards`; a down card goes.
import type { Card } from '../domain/types.ts';
import type { OhhRecord } from './ohh-types.ts';

export function publicForm(record: OhhRecord): OhhRecord {
  const hand = record.ohh;
  const shown = new Set<number>();
  for (const round of hand.rounds) {
    for (const a of round.actions) if (a.action === 'Shows Cards') shown.add(a.player_id);
  }
  const up = new Map((hand.pokertable.stud?.up ?? []).map((u) => [u.player_id, new Set(u.cards)]));
  /** What of a seat's cards the public may see: all of a shown hand's, else its up cards (none in a flop game). */
  const visible = (player: number, cards: readonly Card[] | undefined): { cards?: Card[] } => {
    if (!cards) return {};
    if (shown.has(player)) return { cards: [...cards] };
    const open = cards.filter((c) => up.get(player)?.has(c));
    return open.length > 0 ? { cards: open } : {};
  };
  return {
    ohh: {
      ...hand,
      players: hand.players.map(({ cards, ...p }) => ({ ...p, ...visible(p.id, cards) })),
      rounds: hand.rounds.map((round) => ({
        ...round,
        actions: round.actions.map(({ cards, ...a }) =>
          a.action === 'Shows Cards' && cards
            ? { ...a, cards }
            : a.action === 'Dealt Cards'
              ? { ...a, ...visible(a.player_id, cards) }
              : a,
        ),
      })),
      pokertable: { ...hand.pokertable, form: 'public' },
    },
  };
}
