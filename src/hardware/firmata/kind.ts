// The Firmata board's entry in the device registry (registry.ts): seat sensors, panel and seat buttons, seat LEDs,
// the shot-clock digits and the amount keypad on an Arduino running StandardFirmata (docs/devices-firmata.md). Its
// schema hook tells a wrong pin with the pins the board has; its definition check refuses a pin used twice.
import { specOf } from '../../config/device-specs.ts';
import type { FieldError } from '../../config/schema.ts';
import type { DeviceKind } from '../kind.ts';
import { pinProblems, pinRange } from './pins.ts';

function valueAt(obj: unknown, pointer: string): unknown {
  let at: unknown = obj;
  for (const part of pointer.split('/').slice(1)) {
    at = at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined;
  }
  return at;
}

/** A pin the schema refuses (`"D7"`, `-1`) is told with what was given and the pins the board has. */
function withPinRanges(obj: Readonly<Record<string, unknown>>, errors: FieldError[]): FieldError[] {
  return errors.map((e) => {
    if (!/\/(pin|data|clock|cs)$/.test(e.field) || !e.message.includes('pin number')) return e;
    const given = valueAt(obj, e.field);
    return { ...e, message: `${e.message}; got ${JSON.stringify(given)}: ${pinRange(obj.board)}` };
  });
}

export const firmataBoard: DeviceKind = {
  kind: 'firmata-board',
  about: 'a Firmata board: seat sensors, buttons, seat LEDs, shot-clock digits and keypad (devices-firmata.md)',
  placement: 'none',
  serialPort: true,
  needsChips: false,
  schemaErrors: withPinRanges,
  definitionProblems(def, seats) {
    const spec = specOf(def, 'firmata-board');
    const problems: FieldError[] = [...pinProblems(spec)];
    for (const [j, s] of (spec.seatSensors ?? []).entries()) {
      if (s.seat > seats)
        problems.push({
          field: `/seatSensors/${j}/seat`,
          message: `seat ${s.seat} is beyond the table's ${seats} seats (table.seats)`,
        });
    }
    return problems;
  },
  create: async (def, ref) => {
    const { createFirmataBoard } = await import('./board.ts');
    const at = { name: ref.name, ...(ref.port !== undefined ? { port: ref.port } : {}), file: def.file };
    return createFirmataBoard(at, specOf(def, 'firmata-board'));
  },
  simulate: async (ref) => (await import('./simulated.ts')).createSimulatedBoard({ name: ref.name }),
  check: async (def, ref, options) => {
    const baudRate = specOf(def, 'firmata-board').baudRate ?? 57600;
    return (await import('./doctor.ts')).checkFirmata(ref.port, baudRate, options.firmataTimeoutMs ?? 6000);
  },
};
