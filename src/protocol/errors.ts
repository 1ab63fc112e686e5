// The one error class (design.md): callers branch on `code`, never on the message. Codes are part of the contract
// (MQTT answers, `<base>/health` and the doctor name them), so the class lives here, below every layer; each layer
// owns its codes. The engine's (profiles, inputs) are added to TableErrorCodes by src/domain/errors.ts; the ones
// below belong to the infrastructure around it, which the engine never names.

/** Every code, each with what it means; a layer adds its own by declaration merging. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface TableErrorCodes extends InfrastructureErrorCodes {}

export interface InfrastructureErrorCodes {
  /** A table config (or a structure file) is wrong: the file and the field are named. */
  CONFIG_INVALID: true;
  /** A device definition (devices/*.json) is wrong. */
  DEVICE_INVALID: true;
  /** A device is not there (not connected, not started). */
  DEVICE_MISSING: true;
  /** The enrolled deck file is wrong. */
  DECK_INVALID: true;
  /** The journal cannot be used. */
  JOURNAL_FAILED: true;
  /** The journal file was there and is now empty or damaged: refused until a person decides (docs/durability.md). */
  JOURNAL_DAMAGED: true;
  /** The journal cannot be written: the disk is full. */
  STORAGE_FULL: true;
  MQTT_FAILED: true;
  /** A port to listen on (the board's, the room's pages') is taken by another program: exit 1, not the config's 78,
   * since it frees up when that program stops. */
  PORT_IN_USE: true;
  /** Another controller holds the table's topics. */
  MQTT_CONFLICT: true;
}

export type TableErrorCode = keyof TableErrorCodes;

/** The one error class: callers branch on `code`, never on the message. */
export class TableError extends Error {
  constructor(
    readonly code: TableErrorCode,
    message: string,
    readonly detail?: { file?: string; field?: string },
  ) {
    super(message);
    this.name = 'TableError';
  }
}
