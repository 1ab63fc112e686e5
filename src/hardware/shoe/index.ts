// The shoe's public face for the composition root: build a shoe from its definition and table-config entry.
import type { DeviceDefinition } from '../../config/types.ts';
import type { DeviceRef } from '../../config/types.ts';
import type { Device } from '../types.ts';
import { PcscShoe, type PcscShoeDeps } from './pcsc-shoe.ts';
import { shoeSettings } from './spec.ts';

export { createSimulatedShoe, type SimulatedShoe, type SimulatedShoeOptions } from './simulated.ts';
export { probePcscd, INSTALL_HINT } from './backend.ts';
export { normalizeUid, type ShoeSettings } from './spec.ts';

export interface ShoeDeps extends PcscShoeDeps {
  /** Overrides the definition's repeatReadMs (the deck CLI turns it on: no other input can come between reads). */
  repeatReadMs?: number | null;
}

/** A PC/SC shoe from a `pcsc-shoe` definition. Throws DEVICE_INVALID / CONFIG_INVALID for a definition or port the
 * shoe cannot use; a missing module, pcscd or reader is not an error here (the shoe reports itself offline). */
export function createShoe(def: DeviceDefinition, ref: DeviceRef, deps: ShoeDeps = {}): Device {
  const { repeatReadMs, ...rest } = deps;
  return new PcscShoe(shoeSettings(def, ref, repeatReadMs !== undefined ? { repeatReadMs } : {}), rest);
}
