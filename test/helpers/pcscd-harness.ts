// A DeviceContext that records what a device submits, with a wait for "the inputs so far satisfy …".
import pino from 'pino';
import type { DeviceContext } from '../../src/hardware/types.ts';
import type { RawInput } from '../../src/runtime/types.ts';

export interface Recorder {
  ctx: DeviceContext;
  inputs: RawInput[];
  cards(): string[];
  statuses(): { online: boolean; detail: string }[];
  /** Resolves when `pred(inputs)` holds; rejects with what arrived after timeoutMs. */
  until(pred: (inputs: RawInput[]) => boolean, what: string, timeoutMs?: number): Promise<void>;
  setNow(ms: number): void;
}

export function recorder(options: { now?: number } = {}): Recorder {
  const inputs: RawInput[] = [];
  let fixedNow = options.now;
  const logger = pino({ level: process.env.SHOE_LOG ?? 'silent' });
  const ctx: DeviceContext = {
    submit: (input) => void inputs.push(input),
    logger,
    now: () => fixedNow ?? Date.now(),
  };
  return {
    ctx,
    inputs,
    cards: () => inputs.filter((i) => i.type === 'card').map((i) => String(i.uid)),
    statuses: () =>
      inputs.filter((i) => i.type === 'device').map((i) => ({ online: Boolean(i.online), detail: String(i.detail) })),
    setNow: (ms) => void (fixedNow = ms),
    until: (pred, what, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const check = (): void => {
          if (pred(inputs)) return resolve();
          if (Date.now() - started > timeoutMs) {
            return reject(new Error(`timed out waiting for ${what}; inputs: ${JSON.stringify(inputs)}`));
          }
          setTimeout(check, 20);
        };
        check();
      }),
  };
}
