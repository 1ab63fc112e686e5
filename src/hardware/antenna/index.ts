// Card antennas (R-CARD-PLACE): a PC/SC reader under a seat's card area, under the board or at the muck. The same
// reader and driver as the shoe (pcsc-shoe.ts); only the reads differ: each carries the antenna's `place` (and `seat`),
// so the engine takes it as a sighting of a card already dealt, never a deal. Where an antenna sits is the table
// config's business (its device entry's `place` and `seat`), what reader it is the definition's.
import type { DeviceDefinition } from '../../config/types.ts';
import type { DeviceRef } from '../../config/types.ts';
import { TableError } from '../../domain/errors.ts';
import { PcscShoe, type PcscShoeDeps } from '../shoe/pcsc-shoe.ts';
import { shoeSettings } from '../shoe/spec.ts';
import type { Device } from '../types.ts';
import { antennaPlaceProblems, type AntennaPlace } from './place.ts';

export type { AntennaPlace } from './place.ts';
export { createSimulatedAntenna, type SimulatedAntenna } from './simulated.ts';

/** The antenna's place from its device entry; throws CONFIG_INVALID when the entry does not give a usable one. */
export function antennaPlace(ref: DeviceRef): AntennaPlace {
  const [problem] = antennaPlaceProblems(ref, Number.MAX_SAFE_INTEGER);
  if (problem) throw new TableError('CONFIG_INVALID', `device "${ref.name}": ${problem[0]} ${problem[1]}`);
  return ref.place === 'seat' ? { place: 'seat', seat: ref.seat! } : { place: ref.place as 'board' | 'muck' };
}

/** A PC/SC antenna from a `pcsc-antenna` definition and its table-config entry (`port` picks the reader). */
export function createAntenna(def: DeviceDefinition, ref: DeviceRef, deps: PcscShoeDeps = {}): Device {
  const place = antennaPlace(ref);
  return new PcscShoe({ ...shoeSettings(def, ref, {}, 'pcsc-antenna'), place }, deps);
}
