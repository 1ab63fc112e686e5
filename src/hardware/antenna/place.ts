// Where a card antenna sits (R-CARD-PLACE): its table-config entry says it with `place` and `seat`, checked when the
// config loads with the table's seat count.
import type { DeviceRef } from '../../config/types.ts';

/** What an antenna's reads carry: its place, and its seat at a seat. */
export type AntennaPlace = { place: 'seat'; seat: number } | { place: 'board' | 'muck' };

/** What is wrong with an antenna entry's `place` and `seat`: it must have a place, and at a seat a seat of the table. */
export function antennaPlaceProblems(ref: DeviceRef, seats: number): [string, string][] {
  if (ref.place === undefined) return [['place', 'a card antenna needs its place: seat (with seat), board or muck']];
  if (ref.place !== 'seat')
    return ref.seat === undefined
      ? []
      : [['seat', `goes with place "seat" only (this antenna is at the ${ref.place})`]];
  if (ref.seat === undefined) return [['seat', 'an antenna at a seat needs the seat number']];
  if (ref.seat > seats) return [['seat', `seat ${ref.seat} is beyond the table's ${seats} seats (table.seats)`]];
  return [];
}
