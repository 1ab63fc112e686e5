// An Arduino Uno in avr8js running the real StandardFirmata firmware (fetched by test/helpers/fetch-firmata.sh).
// Tests drive input pins like wires would, read output pins back, and talk to the USART like a USB-serial chip.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  AVRADC,
  AVRIOPort,
  AVRTimer,
  AVRUSART,
  CPU,
  PinState,
  adcConfig,
  avrInstruction,
  portBConfig,
  portCConfig,
  portDConfig,
  timer0Config,
  timer1Config,
  timer2Config,
  usart0Config,
} from 'avr8js';

const FREQ_HZ = 16_000_000;
const UCSR0B = 0xc1;
const UDR0 = 0xc6;
const RXEN0 = 0x10;
const FLASH_BYTES = 0x8000;

export const FIRMATA_HEX = fileURLToPath(new URL('../../.cache/firmata/StandardFirmata-uno.hex', import.meta.url));

export function firmataHexAvailable(): boolean {
  return existsSync(FIRMATA_HEX);
}

/** Intel HEX → flash image (record types 00 data and 01 end; the Uno's 32 KB needs no extended addresses). */
export function loadHex(text: string): Uint16Array {
  const flash = new Uint8Array(FLASH_BYTES);
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (!line.startsWith(':')) throw new Error(`not an Intel HEX line: ${line.slice(0, 20)}`);
    const bytes = Buffer.from(line.slice(1), 'hex');
    const count = bytes[0] ?? 0;
    const address = ((bytes[1] ?? 0) << 8) | (bytes[2] ?? 0);
    const type = bytes[3];
    const sum = bytes.reduce((a, b) => (a + b) & 0xff, 0);
    if (sum !== 0) throw new Error(`bad checksum in HEX line ${line.slice(0, 20)}`);
    if (type === 0x01) break;
    if (type === 0x00) flash.set(bytes.subarray(4, 4 + count), address);
  }
  return new Uint16Array(flash.buffer);
}

/** Arduino Uno pin number → AVR port and bit: D0–D7 on PORTD, D8–D13 on PORTB, A0–A5 (14–19) on PORTC. */
function portOf(pin: number): { port: 'B' | 'C' | 'D'; bit: number } {
  if (pin >= 0 && pin <= 7) return { port: 'D', bit: pin };
  if (pin >= 8 && pin <= 13) return { port: 'B', bit: pin - 8 };
  if (pin >= 14 && pin <= 19) return { port: 'C', bit: pin - 14 };
  throw new Error(`the Uno has no pin ${pin}`);
}

export type PinListener = (pin: number, high: boolean) => void;

export interface AvrUno {
  /** Bytes the board sends on its serial line. */
  onSerial(listener: (bytes: Buffer) => void): void;
  /** Bytes for the board's serial receiver, delivered at the configured baud rate. */
  writeSerial(bytes: Uint8Array): void;
  /** Drives an input pin (what a sensor or a button does to the wire). */
  setPin(pin: number, high: boolean): void;
  /** Sets the voltage on analog input `channel` (A0 = 0), 0–5 V. */
  setAnalog(channel: number, volts: number): void;
  /** The level an output pin drives (false for an input pin). */
  output(pin: number): boolean;
  isOutput(pin: number): boolean;
  /** Called for every change of an output pin's level, in order. */
  onPin(listener: PinListener): () => void;
  /** Emulated time in ms since power-on. */
  millis(): number;
  /** Received bytes the firmware never read (overwritten by the next one): should stay 0. */
  overruns(): number;
  stop(): void;
}

/** Boots the firmware and runs the CPU in slices paced to the wall clock (so `millis()` on the board is real). */
export function startUno(hexPath: string = FIRMATA_HEX): AvrUno {
  const cpu = new CPU(loadHex(readFileSync(hexPath, 'utf8')));
  new AVRTimer(cpu, timer0Config);
  new AVRTimer(cpu, timer1Config);
  new AVRTimer(cpu, timer2Config);
  const usart = new AVRUSART(cpu, usart0Config, FREQ_HZ);
  const adc = new AVRADC(cpu, adcConfig);
  const ports = {
    B: new AVRIOPort(cpu, portBConfig),
    C: new AVRIOPort(cpu, portCConfig),
    D: new AVRIOPort(cpu, portDConfig),
  };
  const pinListeners = new Set<PinListener>();
  const serialListeners: ((bytes: Buffer) => void)[] = [];
  const rxQueue: number[] = [];
  let txPending: number[] = [];

  const firstPin = { B: 8, C: 14, D: 0 } as const;
  for (const name of ['D', 'B', 'C'] as const) {
    const port = ports[name];
    port.addListener((value, old) => {
      const changed = value ^ old;
      for (let bit = 0; bit < 8; bit++) {
        if ((changed & (1 << bit)) === 0) continue;
        const pin = firstPin[name] + bit;
        if (pin > 19) continue;
        for (const l of pinListeners) l(pin, (value & (1 << bit)) !== 0);
      }
    });
  }

  usart.onByteTransmit = (byte) => txPending.push(byte);
  // The next byte goes in when the previous one has been received, like a UART line at the configured baud.
  const feed = (): void => {
    const next = rxQueue[0];
    if (next !== undefined && !usart.rxBusy && usart.writeByte(next)) rxQueue.shift();
  };
  // avr8js 0.21 drops a pending receive-complete interrupt on every write to UCSR0B while the receiver is on; the
  // Arduino core writes UCSR0B on each Serial.write (UDRIE), so any byte that arrives as the firmware transmits
  // would be overwritten unread. On a real ATmega328P only reading UDR0 clears RXC: restore the pending interrupt
  // for a byte not yet read.
  let unread = false;
  const udrRead = cpu.readHooks[UDR0];
  cpu.readHooks[UDR0] = (addr) => {
    unread = false;
    return udrRead ? udrRead(addr) : cpu.data[addr]!;
  };
  const ucsrbWrite = cpu.writeHooks[UCSR0B];
  const rxComplete = (usart as unknown as { RXC: Parameters<CPU['setInterruptFlag']>[0] }).RXC;
  cpu.writeHooks[UCSR0B] = (value, oldValue, addr, mask) => {
    const handled = ucsrbWrite ? ucsrbWrite(value, oldValue, addr, mask) : false;
    if (unread && value & RXEN0) cpu.setInterruptFlag(rxComplete);
    return handled;
  };
  let overruns = 0;
  usart.onRxComplete = () => {
    if (unread) overruns++;
    unread = true;
    feed();
  };

  const started = performance.now();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const slice = (): void => {
    if (stopped) return;
    const target = Math.min((performance.now() - started) * (FREQ_HZ / 1000), cpu.cycles + FREQ_HZ / 20);
    while (cpu.cycles < target) {
      avrInstruction(cpu);
      cpu.tick();
      if (rxQueue.length > 0 && !usart.rxBusy) feed();
    }
    if (txPending.length > 0) {
      const out = Buffer.from(txPending);
      txPending = [];
      for (const l of serialListeners) l(out);
    }
    timer = setTimeout(slice, 2);
  };
  timer = setTimeout(slice, 0);

  return {
    onSerial: (listener) => void serialListeners.push(listener),
    writeSerial(bytes) {
      rxQueue.push(...bytes);
      feed();
    },
    setPin(pin, high) {
      const { port, bit } = portOf(pin);
      ports[port].setPin(bit, high);
    },
    setAnalog(channel, volts) {
      adc.channelValues[channel] = volts;
    },
    output(pin) {
      const { port, bit } = portOf(pin);
      return ports[port].pinState(bit) === PinState.High;
    },
    isOutput(pin) {
      const { port, bit } = portOf(pin);
      const state = ports[port].pinState(bit);
      return state === PinState.High || state === PinState.Low;
    },
    onPin(listener) {
      pinListeners.add(listener);
      return () => pinListeners.delete(listener);
    },
    millis: () => cpu.cycles / (FREQ_HZ / 1000),
    overruns: () => overruns,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

// MAX7219 segment bits in no-decode mode (datasheet table 6): DP A B C D E F G from bit 7 down to bit 0.
const SEGMENT_BITS: Record<string, number> = { A: 0x40, B: 0x20, C: 0x10, D: 0x08, E: 0x04, F: 0x02, G: 0x01 };
const GLYPHS: Record<string, string> = {
  '0': 'ABCDEF',
  '1': 'BC',
  '2': 'ABDEG',
  '3': 'ABCDG',
  '4': 'BCFG',
  '5': 'ACDFG',
  '6': 'ACDEFG',
  '7': 'ABC',
  '8': 'ABCDEFG',
  '9': 'ABCDFG',
  '-': 'G',
  ' ': '',
};
const CHAR_BY_CODE = new Map<number, string>(
  Object.entries(GLYPHS).map(([ch, segs]) => [[...segs].reduce((a, s) => a | (SEGMENT_BITS[s] ?? 0), 0), ch]),
);
const CODE_B = '0123456789-EHLP ';

export interface Max7219 {
  /** Digit registers 1–8 (index 0 = register 1, the rightmost digit). */
  readonly registers: number[];
  readonly shutdown: boolean;
  readonly decodeMode: number;
  readonly intensity: number;
  /** Digits scanned: register 0x0B + 1. */
  readonly scanned: number;
  readonly displayTest: boolean;
  /** Frames latched so far (16-bit words), for tests that count traffic. */
  readonly latched: number;
  /** What the leftmost `digits` digits show, left to right; '?' for a segment pattern that is no glyph. */
  text(digits: number): string;
  /** `text`, but blank when the chip is shut down (what a person sees). */
  visible(digits: number): string;
  /** Called after every latched frame, so a test sees every state even between its polls. */
  onLatch(listener: () => void): () => void;
  detach(): void;
}

/** A MAX7219 wired to three board pins: shifts DIN in on CLK rising edges, latches 16 bits on LOAD (CS) rising. */
export function attachMax7219(uno: AvrUno, pins: { data: number; clock: number; cs: number }): Max7219 {
  const registers = Array<number>(8).fill(0);
  let shift = 0;
  let shutdown = true; // power-on state per the datasheet
  let decodeMode = 0;
  let intensity = 0;
  let scanLimit = 7;
  let displayTest = false;
  let latched = 0;
  const latchListeners = new Set<() => void>();
  const levels = new Map<number, boolean>();
  const detach = uno.onPin((pin, high) => {
    const was = levels.get(pin) ?? false;
    levels.set(pin, high);
    if (pin === pins.clock && high && !was) {
      shift = ((shift << 1) | (uno.output(pins.data) ? 1 : 0)) & 0xffff;
    } else if (pin === pins.cs && high && !was) {
      latched++;
      const address = (shift >> 8) & 0x0f;
      const data = shift & 0xff;
      if (address >= 1 && address <= 8) registers[address - 1] = data;
      else if (address === 0x09) decodeMode = data;
      else if (address === 0x0a) intensity = data & 0x0f;
      else if (address === 0x0b) scanLimit = data & 0x07;
      else if (address === 0x0c) shutdown = (data & 1) === 0;
      else if (address === 0x0f) displayTest = (data & 1) === 1;
      for (const l of latchListeners) l();
    }
  });
  const glyph = (register: number): string => {
    const value = registers[register] ?? 0;
    if ((decodeMode & (1 << register)) !== 0) return CODE_B[value & 0x0f] ?? '?';
    return CHAR_BY_CODE.get(value & 0x7f) ?? '?';
  };
  const text = (digits: number): string => {
    let out = '';
    for (let r = digits - 1; r >= 0; r--) out += glyph(r);
    return out;
  };
  return {
    registers,
    get shutdown() {
      return shutdown;
    },
    get decodeMode() {
      return decodeMode;
    },
    get intensity() {
      return intensity;
    },
    get scanned() {
      return scanLimit + 1;
    },
    get displayTest() {
      return displayTest;
    },
    get latched() {
      return latched;
    },
    text,
    visible: (digits) => (shutdown ? ' '.repeat(digits) : text(digits)),
    onLatch(listener) {
      latchListeners.add(listener);
      return () => latchListeners.delete(listener);
    },
    detach,
  };
}
