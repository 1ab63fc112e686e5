// Where a card antenna sits (R-CARD-PLACE): a table config's device entry of kind pcsc-antenna says it with `place`
// and `seat`; no other kind has them. Checked when the config loads, with the table's seat count.
import type { DeviceRef } from './types.ts';

export const ANTENNA_KIND = 'pcsc-antenna';
/** A seat's betting-zone chip reader: its device entry names the seat, no place. */
export const CHIP_READER_KIND = 'pcsc-chip-reader';

/** What an antenna's reads carry: its place, and its seat at a seat. */
export type AntennaPlace = { place: 'seat'; seat: number } | { place: 'board' | 'muck' };

/** What is wrong with a device entry's `place` and `seat` for its kind, as `[field, message]` pairs: only an antenna
 * has a place; it must have one, and an antenna at a seat a seat of the table. */
export function placeProblems(ref: DeviceRef, kind: string, seats: number): [string, string][] {
  if (kind === CHIP_READER_KIND) {
    if (ref.place !== undefined) return [['place', `a chip reader has no place, only the seat it serves`]];
    if (ref.seat === undefined) return [['seat', 'a chip reader needs the seat whose betting zone it watches']];
    if (ref.seat > seats) return [['seat', `seat ${ref.seat} is beyond the table's ${seats} seats (table.seats)`]];
    return [];
  }
  if (kind !== ANTENNA_KIND) {
    if (ref.place !== undefined) return [['place', `only a ${ANTENNA_KIND} device has a place (this one is ${kind})`]];
    if (ref.seat !== undefined)
      return [['seat', `only a ${ANTENNA_KIND} device at a seat or a ${CHIP_READER_KIND} has a seat`]];
    return [];
  }
  if (ref.place === undefined) return [['place', 'a card antenna needs its place: seat (with seat), board or muck']];
  if (ref.place !== 'seat')
    return ref.seat === undefined
      ? []
      : [['seat', `goes with place "seat" only (this antenna is at the ${ref.place})`]];
  if (ref.seat === undefined) return [['seat', 'an antenna at a seat needs the seat number']];
  if (ref.seat > seats) return [['seat', `seat ${ref.seat} is beyond the table's ${seats} seats (table.seats)`]];
  return [];
}
