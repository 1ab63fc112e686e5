// The chip reader's entry in the device registry (registry.ts): a PC/SC reader under a seat's betting zone, whose
// entry names the seat it serves and which needs the enrolled chips (table.chipsFile). Loaded only by a table that
// has one.
import type { DeviceRef } from '../../config/types.ts';
import type { DeviceKind } from '../kind.ts';

function seatProblems(ref: DeviceRef, seats: number): [string, string][] {
  if (ref.place !== undefined) return [['place', `a chip reader has no place, only the seat it serves`]];
  if (ref.seat === undefined) return [['seat', 'a chip reader needs the seat whose betting zone it watches']];
  if (ref.seat > seats) return [['seat', `seat ${ref.seat} is beyond the table's ${seats} seats (table.seats)`]];
  return [];
}

export const pcscChipReader: DeviceKind = {
  kind: 'pcsc-chip-reader',
  about: "a seat's chip reader: a PC/SC reader under its betting zone, whose tag motions are `chips` inputs (below)",
  placement: 'seat',
  serialPort: false,
  needsChips: true,
  placeProblems: seatProblems,
  create: async (def, ref, extras) =>
    (await import('./index.ts')).createChipReader(def, ref, extras.chips ?? new Map()),
  simulate: async (ref, extras) => {
    const { createSimulatedChipReader, chipReaderSeat, DEFAULT_SETTLE_MS } = await import('./index.ts');
    const chips = extras.chips ?? new Map<string, number>();
    return createSimulatedChipReader({ name: ref.name, seat: chipReaderSeat(ref), settleMs: DEFAULT_SETTLE_MS, chips });
  },
  check: async (def, ref, options) =>
    (await import('../shoe/doctor.ts')).checkPcscReader(def, ref, 'pcsc-chip-reader', options.pcscWaitMs ?? 3000),
};
