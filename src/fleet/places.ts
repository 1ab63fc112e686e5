// The fleet's check of the room's places (R-ROOM-PLACES) as the watcher received them.
import type { Place } from './watch.ts';

/** Places 1..entries, each once, or what is wrong. Players out at the same time share a block of places
 * (R-ROOM-PLACES: k players out at one time take places p..p+k-1; those who tie, at different tables or with the same
 * stack at the start of the hand, share the better place): the blocks, each starting at its best place, must tile
 * 1..entries. Returns the number of places shared by tied players, or the mistake. */
export function checkPlaces(places: readonly Place[], entries: number): { shared: number } | { wrong: string } {
  const players = new Set(places.map((p) => p.player));
  if (players.size !== places.length) return { wrong: `${places.length - players.size} players placed twice` };
  if (places.length !== entries) return { wrong: `${places.length} places for ${entries} entries` };
  const byTime = new Map<number, number[]>();
  for (const p of places) byTime.set(p.at, [...(byTime.get(p.at) ?? []), p.place]);
  const blocks = [...byTime.values()]
    .map((ps) => ({ from: Math.min(...ps), places: ps }))
    .sort((x, y) => x.from - y.from);
  let next = 1;
  let shared = 0;
  for (const { from, places: ps } of blocks) {
    if (from !== next) return { wrong: `place ${next} not given` };
    const to = from + ps.length - 1;
    const outside = ps.find((p) => p > to);
    if (outside !== undefined)
      return { wrong: `place ${outside} given to one of ${ps.length} out together from ${from}` };
    shared += ps.length - new Set(ps).size;
    next = to + 1;
  }
  return { shared };
}
