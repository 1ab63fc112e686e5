// The seats' chip readers (pcsc-chip-reader): an RFID reader under a seat's betting zone, reached through pcscd with
// the shoe's driver (shoe/pcsc-shoe.ts: the same reconnects, backoff and reader matching), whose tags are followed
// as they arrive and leave and grouped into the seat's `chips` inputs (reader.ts, motion.ts).
import type { DeviceDefinition } from '../../config/types.ts';
import { specOf } from '../../config/device-specs.ts';
import type { DeviceRef } from '../../config/types.ts';
import { TableError } from '../../protocol/errors.ts';
import { PcscShoe, type PcscShoeDeps, type TagWatcher } from '../shoe/pcsc-shoe.ts';
import { shoeSettings } from '../shoe/spec.ts';
import type { Device, DeviceContext } from '../types.ts';
import { ChipZone, wallTimer, type ChipReaderSettings, type Schedule } from './reader.ts';

export { createSimulatedChipReader, type SimulatedChipReader } from './simulated.ts';
export { DEFAULT_SETTLE_MS } from './reader.ts';

/** The seat a chip reader's device entry serves; CONFIG_INVALID without one. */
export function chipReaderSeat(ref: DeviceRef): number {
  if (ref.seat === undefined)
    throw new TableError('CONFIG_INVALID', `device "${ref.name}": a chip reader needs the seat it serves (seat: N)`, {
      field: 'seat',
    });
  return ref.seat;
}

export interface ChipReaderDeps extends Omit<PcscShoeDeps, 'watcher'> {
  /** Where the settle window's timers run (wall time by default). */
  schedule?: Schedule;
}

class PcscChipReader implements Device {
  readonly name: string;
  private readonly zone: ChipZone;
  private source: PcscShoe | null = null;

  constructor(
    private readonly def: DeviceDefinition,
    private readonly ref: DeviceRef,
    settings: ChipReaderSettings,
    private readonly deps: ChipReaderDeps,
  ) {
    this.name = settings.name;
    this.zone = new ChipZone(settings, deps.schedule ?? wallTimer);
  }

  async start(ctx: DeviceContext): Promise<void> {
    this.zone.attach(ctx);
    const { schedule: _s, ...pcsc } = this.deps;
    this.source = createTagReader(this.def, this.ref, this.zone.grouper, pcsc);
    await this.source.start({
      ...ctx,
      // The driver's statuses pass through the zone, which starts or stops following the tags with them.
      submit: (input) => {
        if (input.type === 'device') this.zone.sourceStatus(Boolean(input.online), String(input.detail));
        else ctx.submit(input);
      },
    });
  }

  async stop(): Promise<void> {
    await this.source?.stop();
    this.zone.detach();
  }
}

/** The PC/SC driver of a chip reader's definition reporting tags to `watcher` (also the chips CLI's reader). */
export function createTagReader(
  def: DeviceDefinition,
  ref: DeviceRef,
  watcher: TagWatcher,
  deps: Omit<PcscShoeDeps, 'watcher'> = {},
): PcscShoe {
  return new PcscShoe(shoeSettings(def, ref, {}, 'pcsc-chip-reader'), { ...deps, watcher });
}

/** A seat's PC/SC chip reader from its definition, its table-config entry (`seat`, `port`) and the enrolled chips. */
export function createChipReader(
  def: DeviceDefinition,
  ref: DeviceRef,
  chips: ReadonlyMap<string, number>,
  deps: ChipReaderDeps = {},
): Device {
  const spec = specOf(def, 'pcsc-chip-reader');
  const settings = { name: ref.name, seat: chipReaderSeat(ref), settleMs: spec.settleMs, chips };
  return new PcscChipReader(def, ref, settings, deps);
}
