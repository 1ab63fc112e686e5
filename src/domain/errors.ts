export type TableErrorCode =
  | 'CONFIG_INVALID'
  | 'PROFILE_INVALID'
  | 'PROFILE_UNKNOWN'
  | 'DEVICE_INVALID'
  | 'DEVICE_MISSING'
  | 'DECK_INVALID'
  | 'INPUT_INVALID'
  | 'JOURNAL_FAILED'
  /** The journal file was there and is now empty or damaged: refused until a person decides (docs/durability.md). */
  | 'JOURNAL_DAMAGED'
  /** The journal cannot be written: the disk is full. */
  | 'STORAGE_FULL'
  | 'MQTT_FAILED'
  | 'MQTT_CONFLICT';

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
