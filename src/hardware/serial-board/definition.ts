// The shape of a `serial-display` device file: the type generated from devices/schema/serial-display.schema.json
// (npm run contract). The loader fills in the defaults; the adapter fills them in too, so a definition written in
// code (the simulated board, tests) may leave them out.
import type { SerialDisplaySpec } from '../../protocol/generated/devices.ts';

export type SerialDisplayDefinition = Pick<SerialDisplaySpec, 'kind'> & Partial<SerialDisplaySpec>;
