// The shape of a `serial-display` device file (devices/schema/serial-display.schema.json).
export interface SerialDisplayDefinition {
  $schema?: string;
  kind: 'serial-display';
  description?: string;
  /** Serial speed. Default 115200. */
  baudRate?: number;
  /** The full state goes out at least this often, ms (it doubles as the host's heartbeat). Default 1000. */
  refreshMs?: number;
  /** The board counts as offline when no frame (ACK, HELLO, HEARTBEAT) came for this long, ms. Default 3000. */
  answerTimeoutMs?: number;
}
