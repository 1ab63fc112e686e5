// A seat's chip reader without hardware, for the simulated table and tests: the caller puts tags in its zone and
// takes them away, and the same grouping as the PC/SC reader's (reader.ts) turns them into `chips` inputs, on the
// table's clock. The virtual dealer's chip motions reach the table this way when the simulated table plays with
// chip readers (`--chip-readers`, src/app/chip-readers.ts).
import { TableError } from '../../protocol/errors.ts';
import { normalizeUid } from '../shoe/spec.ts';
import type { Device } from '../types.ts';
import { ChipZone, wallTimer, type ChipReaderSettings, type Schedule } from './reader.ts';

export interface SimulatedChipReader extends Device {
  readonly seat: number;
  /** Tags enter the zone (hex uids, separators and upper case accepted). */
  put(uids: readonly string[]): void;
  /** Tags leave it. */
  take(uids: readonly string[]): void;
  /** The values lying in the zone, highest first. */
  present(): number[];
  /** The zone emptied outside any motion (the simulated dealer pushing the pot between hands, when the engine
   * takes no chip motion): no input. */
  clear(): void;
}

export function createSimulatedChipReader(settings: ChipReaderSettings, schedule: Schedule = wallTimer) {
  const zone = new ChipZone(settings, schedule);
  let started = false;
  const uids = (raw: readonly string[]): string[] =>
    raw.map((r) => {
      const uid = normalizeUid(r);
      if (uid === null) throw new TableError('INPUT_INVALID', `"${r}" is not a hex tag id`);
      return uid;
    });
  const live = (): void => {
    if (!started) throw new TableError('DEVICE_MISSING', `simulated chip reader "${settings.name}" is not started`);
  };
  const reader: SimulatedChipReader = {
    name: settings.name,
    seat: settings.seat,
    start(ctx) {
      started = true;
      zone.attach(ctx);
      zone.sourceStatus(true, 'simulated chip reader');
      return Promise.resolve();
    },
    stop() {
      started = false;
      zone.detach();
      return Promise.resolve();
    },
    put(raw) {
      live();
      for (const uid of uids(raw)) zone.grouper.arrived(uid);
    },
    take(raw) {
      live();
      for (const uid of uids(raw)) zone.grouper.left(uid);
    },
    present: () => zone.grouper.present(),
    clear: () => zone.grouper.clear(),
  };
  return reader;
}
