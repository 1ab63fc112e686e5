// The fleet's blind structure: short levels whose blinds double, so stacks melt and busts come quickly, with a short
// break every six levels. The room runs it (levels-start); until the tables follow the room's clock, each table
// runs the same structure itself.
export interface FleetLevel {
  smallBlind?: number;
  bigBlind?: number;
  ante?: number;
  minutes: number;
  break?: true;
}

/** `minutes` of virtual time per level; 40 playing levels (the big blind doubles from 100). */
export function fleetLevels(minutes: number): FleetLevel[] {
  const levels: FleetLevel[] = [];
  for (let i = 0; i < 40; i++) {
    const bigBlind = 100 * 2 ** i;
    levels.push({ smallBlind: bigBlind / 2, bigBlind, ...(i >= 2 ? { ante: bigBlind / 4 } : {}), minutes });
    if (i % 6 === 5) levels.push({ break: true, minutes: minutes / 2 });
  }
  return levels;
}
