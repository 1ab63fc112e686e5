// The pcsc-shoe definition as the adapter uses it: the validated JSON (devices/schema/pcsc-shoe.schema.json) with
// the checks a schema cannot make (the pattern compiles, min ≤ max) and the table config's `port` applied.
import { TableError } from '../../domain/errors.ts';
import { specOf } from '../../config/device-specs.ts';
import type { DeviceDefinition } from '../../config/types.ts';
import type { AntennaPlace } from '../antenna/place.ts';
import type { DeviceRef } from '../../config/types.ts';
import type { PcscShoeSpec } from '../../protocol/generated/devices.ts';

/** The file's shape after validation and defaults: the type generated from the schema (npm run contract). */
export type PcscShoeFile = PcscShoeSpec;

/** The device kinds that run on this driver (the shoe's). */
export type PcscKind = 'pcsc-shoe' | 'pcsc-antenna' | 'pcsc-chip-reader';

export interface ShoeSettings {
  name: string;
  /** Which device this driver is, for its log lines and statuses (a pcsc-shoe when absent). */
  kind?: PcscKind;
  /** Where the reader sits (R-CARD-PLACE), stamped on each read: absent for the shoe, set for a pcsc-antenna. */
  place?: AntennaPlace;
  readerPattern: RegExp;
  waitMs: number;
  repeatReadMs: number | null;
  uidBytes: { min: number; max: number };
  socket: string;
  reconnect: { initialMs: number; maxMs: number };
}

export function shoeSettings(
  def: DeviceDefinition,
  ref: DeviceRef,
  overrides: { repeatReadMs?: number | null } = {},
  kind: PcscKind = 'pcsc-shoe',
): ShoeSettings {
  const bad = (field: string, message: string): TableError =>
    new TableError('DEVICE_INVALID', `${def.file}: ${field} ${message}`, { file: def.file, field });
  if (def.kind !== kind) throw bad('/kind', `is "${def.kind}", not a ${kind}`);
  // A chip reader has no repeat filter: it follows presence, and a tag read again while present is no change.
  const spec: Readonly<Omit<PcscShoeFile, 'kind'>> =
    kind === 'pcsc-chip-reader'
      ? { ...specOf(def, 'pcsc-chip-reader'), repeatReadMs: null }
      : kind === 'pcsc-shoe'
        ? specOf(def, 'pcsc-shoe')
        : specOf(def, 'pcsc-antenna');
  // The table config's port names the reader when a venue has two of the same model on one controller.
  const source = ref.port ?? spec.reader.namePattern;
  let readerPattern: RegExp;
  try {
    readerPattern = new RegExp(source, 'i');
  } catch (err) {
    if (ref.port !== undefined) {
      throw new TableError(
        'CONFIG_INVALID',
        `device "${ref.name}": port "${ref.port}" is not a valid reader-name pattern (${(err as Error).message})`,
        {
          field: 'port',
        },
      );
    }
    throw bad('/reader/namePattern', `is not a valid regular expression (${(err as Error).message})`);
  }
  if (spec.uidBytes.min > spec.uidBytes.max) throw bad('/uidBytes/min', `must not exceed max (${spec.uidBytes.max})`);
  if (spec.reconnect.initialMs > spec.reconnect.maxMs)
    throw bad('/reconnect/initialMs', `must not exceed maxMs (${spec.reconnect.maxMs})`);
  return {
    name: ref.name,
    kind,
    readerPattern,
    waitMs: spec.reader.waitMs,
    repeatReadMs: overrides.repeatReadMs !== undefined ? overrides.repeatReadMs : spec.repeatReadMs,
    uidBytes: { ...spec.uidBytes },
    socket: spec.pcscd.socket,
    reconnect: { ...spec.reconnect },
  };
}

/** A tag id as the protocol carries it (the contract's one rule: src/protocol/notation.ts). */
export { normalizeUid } from '../../protocol/notation.ts';
