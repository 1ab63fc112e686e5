// What a device kind is to the rest of the program: one entry per kind in the registry (registry.ts), written in
// the kind's own folder (shoe/kind.ts, firmata/kind.ts, …). The composition root, the config checks and the doctor
// ask the entry; none of them names a kind. Drivers are loaded when asked for (`import()`), so a table pays for
// serialport, johnny-five or nfc-pcsc only when it has such a device (docs/bench.md).
import type { DeviceDefinition } from '../config/types.ts';
import type { FieldError } from '../config/schema.ts';
import type { DeviceRef } from '../config/types.ts';
import type { Device } from './types.ts';

/** What the doctor found about one device: fine, or wrong with what to do about it. */
export type DeviceCheck = { ok: true; detail: string } | { ok: false; detail: string; fix: string };

export interface DeviceCheckOptions {
  /** How long to wait for readers to show up / for a Firmata answer (an Uno resets when its port opens: ~2 s). */
  pcscWaitMs?: number;
  firmataTimeoutMs?: number;
}

/** What a driver may need besides its definition and entry: the enrolled chip tags (table.chipsFile). */
export interface DeviceExtras {
  chips?: ReadonlyMap<string, number>;
}

/** What a table config's device entry says about where the device sits: nothing, a place (with a seat at a seat:
 * a card antenna), or a seat (a chip reader). */
export type Placement = 'none' | 'place' | 'seat';

export interface DeviceKind {
  /** The `kind` of its definition files, and `simulated-<kind>`; its schema is devices/schema/<kind>.schema.json. */
  readonly kind: string;
  /** Its line in docs/devices.md's list of kinds: what it is, in a few words. */
  readonly about: string;
  readonly placement: Placement;
  /** It owns a serial port: two such devices cannot share one. */
  readonly serialPort: boolean;
  /** It needs the enrolled chips (table.chipsFile). */
  readonly needsChips: boolean;
  /** The schema hook: the schema's messages for a file of this kind, told better (a pin with the board's range). */
  schemaErrors?(file: Readonly<Record<string, unknown>>, errors: FieldError[]): FieldError[];
  /** Mistakes in a loaded definition that its schema cannot see, for a table of `seats` seats. */
  definitionProblems?(def: DeviceDefinition, seats: number): FieldError[];
  /** What is wrong with the entry's `place` and `seat`, as [field, message], when `placement` is not 'none'. */
  placeProblems?(ref: DeviceRef, seats: number): [string, string][];
  /** The driver for a definition file and its table-config entry. */
  create(def: DeviceDefinition, ref: DeviceRef, extras: DeviceExtras): Promise<Device>;
  /** The simulated twin (`simulated-<kind>`): no hardware. */
  simulate(ref: DeviceRef, extras: DeviceExtras): Promise<Device>;
  /** The doctor's check: the device answers the way the table will use it. */
  check(def: DeviceDefinition, ref: DeviceRef, options: DeviceCheckOptions): Promise<DeviceCheck>;
}
