// The johnny-five and firmata-io surface this adapter uses, typed here because neither ships types. Nothing from
// this file is exported beyond src/hardware/firmata (design.md: johnny-five types never leave the adapter).
import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';

const require = createRequire(import.meta.url);

export interface FirmataIo extends EventEmitter {
  isReady: boolean;
  firmware: { name?: string; version?: { major: number; minor: number } };
}

export interface J5Board extends EventEmitter {
  isReady: boolean;
}

export interface J5Sensor extends EventEmitter {
  disable(): void;
}

export interface J5Led {
  on(): void;
  off(): void;
}

export interface J5Digits {
  digit(device: number, position: number, character: string): void;
  on(): void;
  off(): void;
  brightness(percent: number): void;
  scanLimit(device: number, limit: number): void;
}

export type J5Keypad = EventEmitter;

export interface FiveModule {
  Board: (new (options: Record<string, unknown>) => J5Board) & { cache: unknown[] };
  Sensor: new (options: Record<string, unknown>) => J5Sensor;
  Keypad: new (options: Record<string, unknown>) => J5Keypad;
  Led: (new (options: Record<string, unknown>) => J5Led) & {
    Digits: new (options: Record<string, unknown>) => J5Digits;
  };
}

interface FirmataIoModule {
  Firmata: new (transport: unknown, options: Record<string, unknown>) => FirmataIo;
}

let loaded: { five: FiveModule; firmata: FirmataIoModule } | null = null;

/** johnny-five is big: load it on first use, so tables without a Firmata board never pay for it. */
export function j5(): { five: FiveModule; firmata: FirmataIoModule } {
  loaded ??= {
    five: require('johnny-five') as FiveModule,
    firmata: require('firmata-io') as FirmataIoModule,
  };
  return loaded;
}
