// The other end of the pty: an emulated Uno wired to a serialport, as the USB-serial chip of a real board would be.
import { SerialPort } from 'serialport';
import { attachMax7219, startUno, type AvrUno, type Max7219 } from './avr.ts';

export interface WiredUno {
  uno: AvrUno;
  max: Max7219 | null;
  /** Power off: the board stops and its serial end closes. */
  stop(): Promise<void>;
}

export async function wireUno(
  path: string,
  options: {
    baudRate?: number;
    max7219?: { data: number; clock: number; cs: number };
    setup?: (uno: AvrUno) => void;
  } = {},
): Promise<WiredUno> {
  const uno = startUno();
  options.setup?.(uno);
  const max = options.max7219 ? attachMax7219(uno, options.max7219) : null;
  const port = new SerialPort({ path, baudRate: options.baudRate ?? 57600, autoOpen: false });
  port.on('error', () => undefined); // the table end going away is part of the tests
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  port.on('data', (bytes: Buffer) => uno.writeSerial(bytes));
  uno.onSerial((bytes) => {
    if (port.isOpen) port.write(bytes);
  });
  return {
    uno,
    max,
    async stop() {
      uno.stop();
      max?.detach();
      if (port.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
    },
  };
}
