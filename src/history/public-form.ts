// The public form of a record (`<base>/history`, `--public`): only the hands shown at showdown or exposed all-in keep
// their cards; every other hole card, a mucked hand's too, is taken out (docs/history.md).
import type { OhhRecord } from './ohh-types.ts';

export function publicForm(record: OhhRecord): OhhRecord {
  const hand = record.ohh;
  const shown = new Set<number>();
  for (const round of hand.rounds) {
    for (const a of round.actions) if (a.action === 'Shows Cards') shown.add(a.player_id);
  }
  return {
    ohh: {
      ...hand,
      players: hand.players.map(({ cards, ...p }) => (shown.has(p.id) && cards ? { ...p, cards } : p)),
      rounds: hand.rounds.map((round) => ({
        ...round,
        actions: round.actions.map(({ cards, ...a }) =>
          cards && (a.action === 'Shows Cards' || (a.action === 'Dealt Cards' && shown.has(a.player_id)))
            ? { ...a, cards }
            : a,
        ),
      })),
      pokertable: { ...hand.pokertable, form: 'public' },
    },
  };
}
