// Limits of the contract that every layer shares: the engine's validation, the JSON Schemas (schemas/*.json, checked
// against these by test/protocol/contract.test.ts), the table config schema check, the MQTT edge and the command-line flags.

/** Seats at a table: the rulebooks and the hardware (one sensor, one LED set per seat) stop at ten. */
export const MIN_SEATS = 2;
export const MAX_SEATS = 10;
