// The board emulator on a real serial port (a pty end, a USB-serial adapter looped to the table): the "other end"
// for integration tests, and a dev tool that prints what the board would show:
//   socat pty,raw,echo=0,link=/tmp/table pty,raw,echo=0,link=/tmp/board &
//   npx tsx src/hardware/serial-board/emulator-port.ts /tmp/board
// then give the table `port: /tmp/table`.
import { SerialPort } from 'serialport';
import { fileURLToPath } from 'node:url';
import { createBoardEmulator, type BoardEmulator } from './emulator.ts';

export interface EmulatorOnPort {
  board: BoardEmulator;
  close(): Promise<void>;
}

export async function runEmulatorOnPort(
  path: string,
  options: { baudRate?: number; name?: string; heartbeatMs?: number | null } = {},
): Promise<EmulatorOnPort> {
  const board = createBoardEmulator({ name: options.name });
  const port = new SerialPort({ path, baudRate: options.baudRate ?? 115_200, autoOpen: false });
  port.on('error', () => undefined); // the table end going away is normal here
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  board.onSend((bytes) => {
    if (port.isOpen) port.write(bytes);
  });
  port.on('data', (bytes: Buffer) => board.receive(bytes));
  board.boot();
  const heartbeat = options.heartbeatMs ? setInterval(() => board.heartbeat(), options.heartbeatMs) : null;
  return {
    board,
    async close() {
      if (heartbeat) clearInterval(heartbeat);
      if (port.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = process.argv[2];
  if (!path) {
    console.error('usage: tsx src/hardware/serial-board/emulator-port.ts <serial path> [baud]');
    process.exit(2);
  }
  const emu = await runEmulatorOnPort(path, { baudRate: Number(process.argv[3] ?? 115_200), heartbeatMs: 1000 });
  let last = '';
  setInterval(() => {
    const text = emu.board.screen().join('\n');
    if (text !== last) console.log(`${new Date().toISOString()}\n${text}\n`);
    last = text;
  }, 200);
}
