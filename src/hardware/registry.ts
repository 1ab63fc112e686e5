// The device registry: the one list of device kinds. Each kind's entry lives in its folder (`<folder>/kind.ts`:
// driver factory, simulated twin, doctor check, schema hook, docs line); the loader, the config checks, the
// composition root and the doctor ask here and never name a kind. Adding a kind: docs/devices.md, "Adding a kind".
import type { DeviceRef } from '../config/types.ts';
import { TableError } from '../domain/errors.ts';
import { pcscAntenna } from './antenna/kind.ts';
import { pcscChipReader } from './chip-reader/kind.ts';
import { firmataBoard } from './firmata/kind.ts';
import type { DeviceKind } from './kind.ts';
import { serialDisplay } from './serial-board/kind.ts';
import { pcscShoe } from './shoe/kind.ts';

export const DEVICE_KINDS: readonly DeviceKind[] = [pcscShoe, pcscAntenna, pcscChipReader, firmataBoard, serialDisplay];

const BY_NAME = new Map(DEVICE_KINDS.map((k) => [k.kind, k]));

/** The kinds' names, sorted. */
export function kindNames(): string[] {
  return DEVICE_KINDS.map((k) => k.kind).sort();
}

export function findKind(kind: string): DeviceKind | undefined {
  return BY_NAME.get(kind);
}

/** The entry of device `name`'s kind; DEVICE_INVALID for a kind this version has no driver for. */
export function kindOf(kind: string, name: string): DeviceKind {
  const entry = BY_NAME.get(kind);
  if (!entry) throw new TableError('DEVICE_INVALID', `device "${name}": kind "${kind}" has no driver in this version`);
  return entry;
}

const placed = (placement: DeviceKind['placement']) =>
  DEVICE_KINDS.filter((k) => k.placement === placement).map((k) => k.kind);

/** What is wrong with a device entry's `place` and `seat` for its kind, as `[field, message]` pairs: a kind that
 * takes them says (an antenna its place, a chip reader its seat); any other kind has neither. */
export function placeProblems(ref: DeviceRef, kind: string, seats: number): [string, string][] {
  const entry = BY_NAME.get(kind);
  if (entry?.placeProblems) return entry.placeProblems(ref, seats);
  const [withPlace, withSeat] = [placed('place'), placed('seat')];
  if (ref.place !== undefined)
    return [['place', `only a ${withPlace.join(' or ')} device has a place (this one is ${kind})`]];
  if (ref.seat !== undefined)
    return [['seat', `only a ${withPlace.join(' or ')} device at a seat or a ${withSeat.join(' or a ')} has a seat`]];
  return [];
}
