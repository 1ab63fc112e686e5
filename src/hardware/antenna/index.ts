// Card antennas (R-CARD-PLACE): a PC/SC reader under a seat's card area, under the board or at the muck. The same
// reader and driver as the shoe (pcsc-shoe.ts); only the reads differ: each carries the antenna's `place` (and `seat`),
// so the engine takes it as a sighting of a card already dealt, never a deal. Where an antenna sits is the table
// config's business (its device entry's `place` and `seat`), what reader it is the definition's.
import type { DeviceDefinition } from '../../config/devices.ts';
import { ANTENNA_KIND, placeProblems } from '../../config/places.ts';
import type { DeviceRef } from '../../config/types.ts';
import { TableError } from '../../domain/errors.ts';
import { PcscShoe, type PcscShoeDeps } from '../shoe/pcsc-shoe.ts';
import { createRepeatFilter } from '../shoe/repeat.ts';
import { normalizeUid, shoeSettings, type ShoeSettings } from '../shoe/spec.ts';
import type { Device, DeviceContext } from '../types.ts';

export { ANTENNA_KIND } from '../../config/places.ts';

export type AntennaPlace = NonNullable<ShoeSettings['place']>;

/** The antenna's place from its device entry; throws CONFIG_INVALID when the entry does not give a usable one. */
export function antennaPlace(ref: DeviceRef): AntennaPlace {
  const [problem] = placeProblems(ref, ANTENNA_KIND, Number.MAX_SAFE_INTEGER);
  if (problem) throw new TableError('CONFIG_INVALID', `device "${ref.name}": ${problem[0]} ${problem[1]}`);
  return ref.place === 'seat' ? { place: 'seat', seat: ref.seat! } : { place: ref.place as 'board' | 'muck' };
}

/** A PC/SC antenna from a `pcsc-antenna` definition and its table-config entry (`port` picks the reader). */
export function createAntenna(def: DeviceDefinition, ref: DeviceRef, deps: PcscShoeDeps = {}): Device {
  const place = antennaPlace(ref);
  return new PcscShoe({ ...shoeSettings(def, ref, {}, ANTENNA_KIND), place }, deps);
}

export interface SimulatedAntenna extends Device {
  /** A card lies on the antenna: `where` is the antenna's place, or any place for a simulated table that plays all
   * antennas with one device. Returns the normalised uid, or null when the repeat filter dropped the read. */
  read(uid: string, where?: AntennaPlace): string | null;
}

/** Antennas without hardware (the simulated table, tests): the caller says what lies where. */
export function createSimulatedAntenna(name: string, fixed?: AntennaPlace, repeatReadMs: number | null = null) {
  let ctx: DeviceContext | null = null;
  const repeat = createRepeatFilter(repeatReadMs);
  const antenna: SimulatedAntenna = {
    name,
    start(c) {
      ctx = c;
      const at = fixed ? (fixed.place === 'seat' ? `seat ${fixed.seat}` : fixed.place) : 'seats, board and muck';
      c.submit({ type: 'device', device: name, online: true, detail: `simulated antenna (${at})` });
      return Promise.resolve();
    },
    stop() {
      ctx = null;
      return Promise.resolve();
    },
    read(raw, where = fixed) {
      if (!ctx) throw new TableError('DEVICE_MISSING', `simulated antenna "${name}" is not started`);
      if (!where) throw new TableError('INPUT_INVALID', `simulated antenna "${name}": a read needs a place`);
      const uid = normalizeUid(raw);
      if (uid === null) throw new TableError('INPUT_INVALID', `"${raw}" is not a hex tag id`);
      if (!repeat(uid, ctx.now())) return null;
      ctx.submit({ type: 'card', uid, ...where });
      return uid;
    },
  };
  return antenna;
}
