// Card antennas without hardware, for the simulated table and tests: the caller says what lies where. The same uid
// normalisation and optional repeat filter as the PC/SC antenna.
import { TableError } from '../../domain/errors.ts';
import { createRepeatFilter } from '../shoe/repeat.ts';
import { normalizeUid } from '../shoe/spec.ts';
import type { Device, DeviceContext } from '../types.ts';
import type { AntennaPlace } from './place.ts';

export interface SimulatedAntenna extends Device {
  /** A card lies on the antenna: `where` is the antenna's place, or any place for a simulated table that plays all
   * antennas with one device. Returns the normalised uid, or null when the repeat filter dropped the read. */
  read(uid: string, where?: AntennaPlace): string | null;
}

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
