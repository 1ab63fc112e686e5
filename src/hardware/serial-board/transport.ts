// A byte pipe to the display board. The real one is serialport 13; the simulated display uses an in-memory pipe to
// the board emulator, so both run the same framing and sync logic.
import { SerialPort } from 'serialport';
import { closePort, openError } from '../serial/port.ts';

export interface Transport {
  write(bytes: Uint8Array): void;
  /** Bytes from the board. */
  onData(listener: (bytes: Buffer) => void): void;
  /** The pipe went away (cable pulled, port closed). Called once. */
  onClose(listener: (detail: string) => void): void;
  close(): Promise<void>;
}

export type OpenTransport = (path: string, baudRate: number) => Promise<Transport>;

export const openSerialTransport: OpenTransport = async (path, baudRate) => {
  const port = new SerialPort({ path, baudRate, autoOpen: false });
  await new Promise<void>((resolve, reject) =>
    port.open((err) => (err ? reject(new Error(openError(path, err))) : resolve())),
  );
  let closing = false;
  const closeListeners: ((detail: string) => void)[] = [];
  let closedDetail: string | null = null;
  const closed = (detail: string): void => {
    if (closedDetail !== null) return;
    closedDetail = detail;
    if (!closing) for (const l of closeListeners) l(detail);
  };
  port.on('close', (err: { disconnected?: boolean } | null) =>
    closed(err?.disconnected ? `${path} disconnected` : `${path} closed`),
  );
  port.on('error', (err: Error) => closed(`${path}: ${err.message}`));
  return {
    write(bytes) {
      if (port.isOpen) port.write(Buffer.from(bytes));
    },
    onData: (listener) => void port.on('data', listener),
    onClose(listener) {
      closeListeners.push(listener);
      // Gone before anyone listened: still say so, or the adapter would wait on a dead port.
      const detail = closedDetail;
      if (detail !== null && !closing) queueMicrotask(() => listener(detail));
    },
    async close() {
      closing = true;
      await closePort(port);
    },
  };
};
