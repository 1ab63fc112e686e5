// A display board without hardware: the real adapter talks over an in-memory pipe to the board emulator, so what
// `screen()` returns went through the same frames a wire would carry.
import type { Device } from '../types.ts';
import { createBoardEmulator, type BoardEmulator } from './emulator.ts';
import { createSerialDisplay } from './display.ts';
import type { Transport } from './transport.ts';

export interface SimulatedDisplay extends Device {
  readonly board: BoardEmulator;
  screen(): string[];
}

export function createSimulatedDisplay(options: { name: string }): SimulatedDisplay {
  const board = createBoardEmulator({ name: 'simulated display board' });
  const toHost: ((bytes: Buffer) => void)[] = [];
  board.onSend((bytes) => queueMicrotask(() => toHost.forEach((l) => l(bytes))));
  const transport: Transport = {
    write: (bytes) => queueMicrotask(() => board.receive(bytes)),
    onData: (listener) => void toHost.push(listener),
    onClose: () => {},
    close: async () => {},
  };
  const display = createSerialDisplay(
    { name: options.name, port: 'simulated' },
    { kind: 'serial-display' },
    {
      transport: async () => transport,
    },
  );
  return {
    name: options.name,
    board,
    start: (ctx) => display.start(ctx),
    render: (events, snap) => display.render?.(events, snap),
    stop: () => display.stop(),
    screen: () => board.screen(),
  };
}
