// The serial display board's entry in the device registry (registry.ts): the level clock and shot clock on a board
// of its own, spoken to in frames over a serial port (docs/devices-firmata.md).
import { specOf } from '../../config/device-specs.ts';
import type { DeviceKind } from '../kind.ts';

export const serialDisplay: DeviceKind = {
  kind: 'serial-display',
  about: 'a serial display board: the level and shot clocks on a board of its own (devices-firmata.md)',
  placement: 'none',
  serialPort: true,
  needsChips: false,
  create: async (def, ref) => {
    const { createSerialDisplay } = await import('./display.ts');
    const at = { name: ref.name, ...(ref.port !== undefined ? { port: ref.port } : {}) };
    return createSerialDisplay(at, specOf(def, 'serial-display'));
  },
  simulate: async (ref) => (await import('./simulated.ts')).createSimulatedDisplay({ name: ref.name }),
  // The port opens at its speed; the board's own protocol is checked by the table's heartbeat.
  check: async (def, ref) => {
    const baudRate = specOf(def, 'serial-display').baudRate ?? 115_200;
    const { withSerialPort } = await import('../serial/doctor.ts');
    return withSerialPort(ref.port, baudRate, async (_port, path) => ({
      ok: true,
      detail: `${path} opens at ${baudRate} baud`,
    }));
  },
};
