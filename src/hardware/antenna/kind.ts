// The card antenna's entry in the device registry (registry.ts): a PC/SC reader under a seat's cards, the board or
// the muck, whose reads are sightings (R-CARD-PLACE). Its entry in the table config says where it sits.
import type { DeviceKind } from '../kind.ts';
import { antennaPlaceProblems } from './place.ts';

export const pcscAntenna: DeviceKind = {
  kind: 'pcsc-antenna',
  about: 'a card antenna: a PC/SC reader under a seat, the board or the muck, whose reads are sightings (below)',
  placement: 'place',
  serialPort: false,
  needsChips: false,
  placeProblems: antennaPlaceProblems,
  create: async (def, ref) => (await import('./index.ts')).createAntenna(def, ref),
  simulate: async (ref) => {
    const { antennaPlace, createSimulatedAntenna } = await import('./index.ts');
    return createSimulatedAntenna(ref.name, antennaPlace(ref));
  },
  check: async (def, ref, options) =>
    (await import('../shoe/doctor.ts')).checkPcscReader(def, ref, 'pcsc-antenna', options.pcscWaitMs ?? 3000),
};
