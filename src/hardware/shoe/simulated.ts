// A shoe without hardware, for the simulated table, the deck CLI's --simulated mode and tests: the caller pushes
// reads. It goes through the same uid normalisation and optional repeat filter as the PC/SC shoe.
import { TableError } from '../../domain/errors.ts';
import type { Device, DeviceContext } from '../types.ts';
import { createRepeatFilter } from './repeat.ts';
import { normalizeUid } from './spec.ts';

export interface SimulatedShoe extends Device {
  /** A card leaves the shoe. The uid is hex; separators (`04:a1:…`) and upper case are accepted. Returns the
   * normalised uid, or null when the repeat filter dropped the read. */
  read(uid: string): string | null;
  /** Plays a reader going away or coming back (`device` input). */
  setOnline(online: boolean, detail?: string): void;
  readonly started: boolean;
}

export interface SimulatedShoeOptions {
  /** As the pcsc-shoe definition's `repeatReadMs`: null (default) passes every read on. */
  repeatReadMs?: number | null;
}

export function createSimulatedShoe(name: string, options: SimulatedShoeOptions = {}): SimulatedShoe {
  let ctx: DeviceContext | null = null;
  const repeat = createRepeatFilter(options.repeatReadMs ?? null);
  return {
    name,
    get started() {
      return ctx !== null;
    },
    start(c) {
      ctx = c;
      c.submit({ type: 'device', device: name, online: true, detail: 'simulated shoe' });
      return Promise.resolve();
    },
    stop() {
      ctx = null;
      return Promise.resolve();
    },
    read(raw) {
      if (!ctx) throw new TableError('DEVICE_MISSING', `simulated shoe "${name}" is not started`);
      const uid = normalizeUid(raw);
      if (uid === null) throw new TableError('INPUT_INVALID', `"${raw}" is not a hex tag id`);
      if (!repeat(uid, ctx.now())) return null;
      ctx.submit({ type: 'card', uid });
      return uid;
    },
    setOnline(online, detail) {
      if (!ctx) throw new TableError('DEVICE_MISSING', `simulated shoe "${name}" is not started`);
      ctx.submit({
        type: 'device',
        device: name,
        online,
        detail: detail ?? (online ? 'simulated shoe' : 'simulated shoe unplugged'),
      });
    },
  };
}
