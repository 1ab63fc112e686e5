// Which per-seat lights are on for a table snapshot. Pure: the Firmata adapter and the simulated board share it.
import type { TableSnapshot } from '../../domain/snapshot/types.ts';
import type { Seat } from '../../domain/types.ts';

export const SEAT_LIGHT_ROLES = ['action', 'dead', 'button', 'smallBlind', 'bigBlind', 'blind', 'absent'] as const;
/** `blind` is one LED for either blind, for boards short of pins. */
export type SeatLightRole = (typeof SEAT_LIGHT_ROLES)[number];
export type SeatLights = Record<SeatLightRole, boolean>;

const DARK: SeatLights = {
  action: false,
  dead: false,
  button: false,
  smallBlind: false,
  bigBlind: false,
  blind: false,
  absent: false,
};

export function seatLights(snapshot: TableSnapshot | null, seat: Seat): SeatLights {
  if (!snapshot) return { ...DARK };
  const info = snapshot.seatInfo.find((s) => s.seat === seat);
  const smallBlind = snapshot.smallBlind === seat;
  const bigBlind = snapshot.bigBlind === seat;
  return {
    action: snapshot.onAction?.seat === seat,
    dead: info?.dead ?? false,
    button: snapshot.button === seat,
    smallBlind,
    bigBlind,
    blind: smallBlind || bigBlind,
    // A seated player who is not in the chair; an empty seat stays dark.
    absent: info !== undefined && info.player !== null && !info.present,
  };
}
