// The card shoe's entry in the device registry (registry.ts): a PC/SC reader under the shoe's exit.
import type { DeviceKind } from '../kind.ts';

export const pcscShoe: DeviceKind = {
  kind: 'pcsc-shoe',
  about: "the card shoe: a PC/SC reader under the shoe's exit, each tag read a card dealt (below)",
  placement: 'none',
  serialPort: false,
  needsChips: false,
  create: async (def, ref) => (await import('./index.ts')).createShoe(def, ref),
  simulate: async (ref) => (await import('./simulated.ts')).createSimulatedShoe(ref.name),
  check: async (def, ref, options) =>
    (await import('./doctor.ts')).checkPcscReader(def, ref, 'pcsc-shoe', options.pcscWaitMs ?? 3000),
};
