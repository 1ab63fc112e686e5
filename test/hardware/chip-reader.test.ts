// A seat's chip reader (pcsc-chip-reader) with a fake PC/SC backend injected: the tags' comings and goings become
// one `chips` input per motion (R-BET-CHIPS), the settle window's timers run by hand. The real stack is
// test/hardware/chip-reader.pcsc.test.ts.
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDeviceDefinition } from '../../src/config/devices.ts';
import { createChipReader, createSimulatedChipReader } from '../../src/hardware/chip-reader/index.ts';
import { createMotionGrouper, type ChipMotion } from '../../src/hardware/chip-reader/motion.ts';
import type { PcscBackend, PcscEvents } from '../../src/hardware/shoe/backend.ts';
import type { Device } from '../../src/hardware/types.ts';
import type { RawInput } from '../../src/runtime/types.ts';

const tag = (i: number): string => `04c0${i.toString(16).padStart(2, '0')}a1b2c3d4`;
// Tags 1–3 are 100s, 4–5 are 500s, 6 a 25.
const CHIPS = new Map<string, number>([
  [tag(1), 100],
  [tag(2), 100],
  [tag(3), 100],
  [tag(4), 500],
  [tag(5), 500],
  [tag(6), 25],
]);
const STRANGER = '04eeeeeeeeeeee';

/** Timers run by hand: `settle()` fires what is due, as the settle window ending would. */
function handTimers() {
  let pending: { fn: () => void; live: boolean }[] = [];
  return {
    schedule: (_ms: number, fn: () => void) => {
      const t = { fn, live: true };
      pending.push(t);
      return () => void (t.live = false);
    },
    settle() {
      const due = pending.filter((t) => t.live);
      pending = [];
      for (const t of due) t.fn();
    },
    get waiting() {
      return pending.some((t) => t.live);
    },
  };
}

/** A PC/SC backend that hands its events to the test, with one reader. */
function fakeBackend() {
  let events: PcscEvents | null = null;
  let opened = 0;
  const backend: PcscBackend = {
    open(e) {
      events = e;
      opened++;
      queueMicrotask(() => e.readerAdded('Fake Chip Reader 00'));
      return { close: () => Promise.resolve() };
    },
  };
  return {
    backend,
    get opened() {
      return opened;
    },
    put: (uid: string) => events!.card('Fake Chip Reader 00', uid),
    take: (uid: string) => events!.cardRemoved!('Fake Chip Reader 00', uid),
    lose: () => events!.contextError(new Error('pcscd went away')),
  };
}

function recorder() {
  const inputs: RawInput[] = [];
  return {
    inputs,
    ctx: { submit: (i: RawInput) => void inputs.push(i), logger: pino({ level: 'silent' }), now: () => 0 },
    motions: () => inputs.filter((i) => i.type === 'chips'),
    details: () => inputs.filter((i) => i.type === 'device').map((i) => String(i.detail)),
  };
}

const devices: Device[] = [];
afterEach(async () => {
  for (const d of devices.splice(0)) await d.stop();
});

async function started(timers = handTimers()) {
  const pcsc = fakeBackend();
  const def = loadDeviceDefinition('devices/vpcd-chip-reader.json');
  const reader = createChipReader(def, { name: 'chips-3', definition: 'vpcd-chip-reader.json', seat: 3 }, CHIPS, {
    loadBackend: () => Promise.resolve(pcsc.backend),
    probe: () => Promise.resolve(null),
    schedule: timers.schedule,
  });
  devices.push(reader);
  const rec = recorder();
  await reader.start(rec.ctx);
  return { pcsc, rec, timers, reader };
}

describe('chip reader over a fake PC/SC backend', () => {
  it('takes the chips already in the zone as they lie, then sends one chips input per motion', async () => {
    const { pcsc, rec, timers } = await started();
    pcsc.put(tag(1)); // lying there when the reader came up
    timers.settle();
    expect(rec.motions()).toEqual([]);
    expect(rec.details().at(-1)).toBe('reader Fake Chip Reader 00; seat 3, 1 chip in the zone');

    pcsc.put(tag(4));
    pcsc.put(tag(2));
    expect(timers.waiting).toBe(true);
    expect(rec.motions()).toEqual([]); // the window is still open
    timers.settle();
    expect(rec.motions()).toEqual([{ type: 'chips', seat: 3, added: [500, 100], removed: [] }]);

    // One 100 taken back and a 25 put out within one window: one motion.
    pcsc.take(tag(2));
    pcsc.put(tag(6));
    timers.settle();
    expect(rec.motions().at(-1)).toEqual({ type: 'chips', seat: 3, added: [25], removed: [100] });
  });

  it('a chip that comes and goes within one window, or a tag read again while it lies there, is no motion', async () => {
    const { pcsc, rec, timers } = await started();
    timers.settle();
    pcsc.put(tag(3));
    pcsc.take(tag(3));
    timers.settle();
    pcsc.put(tag(5));
    timers.settle();
    pcsc.put(tag(5)); // read again: still there
    pcsc.take(tag(1)); // never seen: nothing to take
    expect(timers.waiting).toBe(false);
    expect(rec.motions()).toEqual([{ type: 'chips', seat: 3, added: [500], removed: [] }]);
  });

  it('a tag never enrolled is left out, logged in the detail, and the reader goes on', async () => {
    const { pcsc, rec, timers } = await started();
    timers.settle();
    pcsc.put(STRANGER);
    pcsc.put(tag(1));
    timers.settle();
    expect(rec.motions()).toEqual([{ type: 'chips', seat: 3, added: [100], removed: [] }]);
    expect(rec.details().at(-1)).toContain(`tag ${STRANGER} is no enrolled chip`);
    expect(rec.inputs.filter((i) => i.type === 'device').every((i) => i.online)).toBe(true);
    pcsc.take(STRANGER);
    timers.settle();
    expect(rec.motions()).toHaveLength(1);
  });

  it('pcscd going away ends the motion under way; after the reconnect the zone is taken as it lies again', async () => {
    const { pcsc, rec, timers } = await started();
    timers.settle();
    pcsc.put(tag(4));
    pcsc.lose();
    expect(rec.motions()).toEqual([{ type: 'chips', seat: 3, added: [500], removed: [] }]);
    expect(rec.inputs.at(-1)).toMatchObject({ type: 'device', online: false });
    // The shoe's backoff reconnects (real timers, 250 ms first); the chips still lying there are read again.
    for (let i = 0; i < 200 && pcsc.opened < 2; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 0));
    expect(pcsc.opened).toBe(2);
    pcsc.put(tag(4));
    timers.settle();
    expect(rec.motions()).toHaveLength(1);
    expect(rec.details().at(-1)).toContain('1 chip in the zone');
  });

  it('a tag length outside uidBytes is dropped as a misread', async () => {
    const { pcsc, rec, timers } = await started();
    timers.settle();
    pcsc.put('0102');
    timers.settle();
    expect(rec.motions()).toEqual([]);
    expect(rec.details().join(' ')).not.toContain('0102');
  });
});

describe('the motion grouping', () => {
  it('sorts values high to low and sends nothing for a net-zero window', () => {
    const timers = handTimers();
    const motions: ChipMotion[] = [];
    const g = createMotionGrouper({
      settleMs: 500,
      valueOf: (u) => CHIPS.get(u),
      schedule: timers.schedule,
      motion: (m) => motions.push(m),
      unknown: () => {},
    });
    g.arrived(tag(1)); // before ready: the zone as it lies
    g.ready();
    timers.settle();
    g.arrived(tag(6));
    g.arrived(tag(4));
    g.left(tag(1));
    g.arrived(tag(1));
    timers.settle();
    expect(motions).toEqual([{ added: [500, 25], removed: [] }]);
    expect(g.present()).toEqual([500, 100, 25]);
  });
});

describe('simulated chip reader', () => {
  it('groups what is put and taken, on the injected timers, like the PC/SC one', async () => {
    const timers = handTimers();
    const sim = createSimulatedChipReader({ name: 'chips-2', seat: 2, settleMs: 800, chips: CHIPS }, timers.schedule);
    devices.push(sim);
    const rec = recorder();
    expect(() => sim.put([tag(1)])).toThrow(/not started/);
    await sim.start(rec.ctx);
    timers.settle();
    sim.put([tag(1), tag(5)]);
    timers.settle();
    sim.take([tag(1)]);
    sim.put([STRANGER]);
    timers.settle();
    expect(rec.motions()).toEqual([
      { type: 'chips', seat: 2, added: [500, 100], removed: [] },
      { type: 'chips', seat: 2, added: [], removed: [100] },
    ]);
    expect(rec.details().at(-1)).toContain(STRANGER);
    expect(sim.present()).toEqual([500]);
  });
});
