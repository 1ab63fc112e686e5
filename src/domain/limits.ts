// Limits that every layer shares: the engine's validation, the table config schema check, the MQTT edge and the
// command-line flags all read them from here, so a table of 11 seats cannot pass one check and fail another.

/** Seats at a table: the rulebooks and the hardware (one sensor, one LED set per seat) stop at ten. */
export const MIN_SEATS = 2;
export const MAX_SEATS = 10;
