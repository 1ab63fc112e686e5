// The serial display board adapter against the board emulator: in memory, over a socat pty pair with a noisy relay
// (garbage and split frames), and across a pulled cable and a board reset.
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { LevelClockSnapshot, TableSnapshot } from '../../src/domain/snapshot/types.ts';
import { displayState } from '../../src/hardware/outputs/level-clock.ts';
import { createSerialDisplay, type SerialDisplay } from '../../src/hardware/serial-board/display.ts';
import { createBoardEmulator } from '../../src/hardware/serial-board/emulator.ts';
import { runEmulatorOnPort, type EmulatorOnPort } from '../../src/hardware/serial-board/emulator-port.ts';
import { createSimulatedDisplay } from '../../src/hardware/serial-board/simulated.ts';
import type { Transport } from '../../src/hardware/serial-board/transport.ts';
import type { RawInput } from '../../src/runtime/types.ts';
import { tableSnap } from '../helpers/snapshot.ts';
import { openPtyPair, requireSocat, waitFor, type PtyPair } from '../helpers/pty.ts';
import { startNoisyRelay, type NoisyRelay } from '../helpers/pty-relay.ts';

const logger = pino({ level: 'silent' });
const level = (over: Partial<LevelClockSnapshot> = {}): LevelClockSnapshot => ({
  level: 4,
  isBreak: false,
  smallBlind: 200,
  bigBlind: 400,
  ante: 50,
  endsAt: Date.now() + 600_000,
  remainingMs: 600_000,
  paused: false,
  next: { level: 5, isBreak: false, smallBlind: 300, bigBlind: 600, ante: 75, minutes: 20 },
  ...over,
});
const snapWith = (lv: LevelClockSnapshot | null, over: Partial<TableSnapshot> = {}): TableSnapshot =>
  tableSnap({ level: lv, ...over });
const ctxFor = (inputs: RawInput[]) => ({
  submit: (i: RawInput) => void inputs.push(i),
  logger,
  now: () => Date.now(),
});
const devices = (inputs: RawInput[]) => inputs.filter((i) => i.type === 'device').map((i) => i.online);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('serial display adapter (in memory)', () => {
  // refreshMs is long by default so only the behaviour under test (change, HELLO, heartbeat) can cause a send.
  function wire(answer: boolean, refreshMs = 60_000) {
    const board = createBoardEmulator();
    const toHost: ((b: Buffer) => void)[] = [];
    let answering = answer;
    let deaf = false;
    board.onSend((bytes) => answering && setImmediate(() => toHost.forEach((l) => l(bytes))));
    const transport: Transport = {
      write: (bytes) => setImmediate(() => !deaf && board.receive(bytes)),
      onData: (l) => void toHost.push(l),
      onClose: () => {},
      close: async () => {},
    };
    const inputs: RawInput[] = [];
    const display = createSerialDisplay(
      { name: 'clock', port: 'mem' },
      { kind: 'serial-display', answerTimeoutMs: 300, refreshMs },
      {
        transport: async () => transport,
        checkMs: 20,
      },
    );
    cleanups.push(() => display.stop());
    return { board, inputs, display, answer: (on: boolean) => (answering = on), deafen: (on: boolean) => (deaf = on) };
  }

  it('sends the state on a change, comes online on the ACK, and the board shows it', async () => {
    const { board, inputs, display } = wire(true);
    await display.start(ctxFor(inputs));
    expect(devices(inputs)).toEqual([true]);
    const snap = snapWith(level());
    display.render!([], snap);
    await waitFor(() => board.state?.level?.bigBlind === 400, 'board shows the level');
    expect(board.state?.next).toEqual(displayState(snap, Date.now()).next);
    expect(board.screen()[0]).toMatch(/^Level 4 {2}200\/400 ante 50 {2}(10:00|9:5\d)$/);
    // Stopping tells the board there is nothing to show, rather than leaving a frozen clock up.
    await display.stop();
    await waitFor(() => board.state !== null && board.state.level === null, 'board cleared on stop');
    expect(board.screen()).toEqual(['no levels running']);
  });

  it('a minute added by the floor on a running level reaches the board at once, not at the next refresh', async () => {
    const { board, inputs, display } = wire(true);
    await display.start(ctxFor(inputs));
    const running = level();
    display.render!([], snapWith(running));
    await waitFor(() => board.state?.level?.bigBlind === 400, 'board shows the level');
    const before = board.state!.level!.msLeft;
    display.render!([], snapWith({ ...running, endsAt: running.endsAt! + 60_000 }));
    await waitFor(() => (board.state?.level?.msLeft ?? 0) > before + 30_000, 'board shows the added minute');
  });

  it('reports a silent board offline once, and online when it answers again', async () => {
    const { inputs, display, answer } = wire(false, 100);
    await display.start(ctxFor(inputs));
    expect(inputs).toEqual([
      { type: 'device', device: 'clock', online: false, detail: 'no answer from the board on mem' },
    ]);
    answer(true);
    await waitFor(() => devices(inputs).length === 2, 'online again', 3000);
    expect(devices(inputs)).toEqual([false, true]);
  });

  it('re-sends when a heartbeat reports another state than the last one sent, and on HELLO', async () => {
    const { board, inputs, display, deafen } = wire(true);
    await display.start(ctxFor(inputs));
    display.render!([], snapWith(level({ paused: true, endsAt: null, remainingMs: 90_000 })));
    await waitFor(() => board.state?.level?.paused === true, 'paused level shown');
    const applied = board.applied;
    board.boot(); // forgets everything, says HELLO
    expect(board.state).toBeNull();
    await waitFor(() => board.state?.level?.msLeft === 90_000, 'state back after HELLO');
    expect(board.applied).toBeGreaterThan(applied);
    // A change the board never heard (line noise ate it): its heartbeat names the old seq and gets the state again.
    deafen(true);
    display.render!([], snapWith(level({ paused: true, endsAt: null, remainingMs: 80_000 })));
    await new Promise((r) => setImmediate(r));
    deafen(false);
    expect(board.state?.level?.msLeft).toBe(90_000);
    board.heartbeat();
    await waitFor(() => board.state?.level?.msLeft === 80_000, 're-send after a stale heartbeat');
  });

  it('runs as a simulated display whose screen reads the level clock', async () => {
    const sim = createSimulatedDisplay({ name: 'clock' });
    const inputs: RawInput[] = [];
    await sim.start(ctxFor(inputs));
    cleanups.push(() => sim.stop());
    sim.render!(
      [],
      snapWith(
        level({
          isBreak: true,
          smallBlind: null,
          bigBlind: null,
          ante: null,
          paused: true,
          endsAt: null,
          remainingMs: 300_000,
          next: null,
        }),
        { clock: { kind: 'shot-clock', seat: 3, deadline: Date.now() + 20_500, countdownAt: null } },
      ),
    );
    await waitFor(() => sim.screen().length === 2, 'simulated screen');
    expect(sim.screen()[0]).toBe('BREAK  5:00  PAUSED');
    expect(sim.screen()[1]).toMatch(/^Seat 3: 2[01]$/);
    expect(devices(inputs)).toEqual([true]);
  });

  it("reports a port that does not exist offline, in serialport's words, and keeps trying", async () => {
    const inputs: RawInput[] = [];
    const d = createSerialDisplay(
      { name: 'clock', port: '/dev/pokertable-no-such-port' },
      { kind: 'serial-display' },
      { backoff: { initialMs: 20, maxMs: 40 } },
    );
    cleanups.push(() => d.stop());
    await d.start(ctxFor(inputs));
    expect(inputs).toEqual([
      {
        type: 'device',
        device: 'clock',
        online: false,
        detail: 'No such file or directory, cannot open /dev/pokertable-no-such-port',
      },
    ]);
    await new Promise((r) => setTimeout(r, 150));
    expect(inputs).toHaveLength(1); // retried, but reported once
  });

  it('needs a port', async () => {
    const d = createSerialDisplay({ name: 'clock' }, { kind: 'serial-display' });
    await expect(d.start(ctxFor([]))).rejects.toMatchObject({ code: 'DEVICE_INVALID' });
  });
});

const socat = requireSocat();

describe.skipIf(!socat)('serial display adapter over socat ptys', () => {
  it('keeps the board in sync through garbage and split frames both ways', async () => {
    const line1: PtyPair = await openPtyPair();
    const line2: PtyPair = await openPtyPair();
    cleanups.push(
      () => line1.close(),
      () => line2.close(),
    );
    const relay: NoisyRelay = await startNoisyRelay(line1.b, line2.a, { chunk: 3 });
    cleanups.push(() => relay.close());
    const emu: EmulatorOnPort = await runEmulatorOnPort(line2.b);
    cleanups.push(() => emu.close());
    const inputs: RawInput[] = [];
    const display = createSerialDisplay({ name: 'clock', port: line1.a }, { kind: 'serial-display' });
    cleanups.push(() => display.stop());
    await display.start(ctxFor(inputs));
    const snap = snapWith(level({ level: 9, smallBlind: 2000, bigBlind: 4000, ante: 4000 }));
    display.render!([], snap);
    await waitFor(() => emu.board.state?.level?.level === 9, 'board shows level 9', 15_000);
    expect(emu.board.state?.level).toMatchObject({ smallBlind: 2000, bigBlind: 4000, ante: 4000, paused: false });
    expect(emu.board.errors.garbage).toBeGreaterThan(0);
    expect(relay.injected.toB).toBeGreaterThan(0);
    expect(relay.injected.toA).toBeGreaterThan(0);
    // The ACKs made it back through the garbage: the adapter says the board is there.
    expect(devices(inputs)).toEqual([true]);
  });

  it('goes offline when the cable is pulled, and brings a reset board back in sync after reconnecting', async () => {
    const pty = await openPtyPair();
    cleanups.push(() => pty.close());
    let emu = await runEmulatorOnPort(pty.b, { name: 'clock board' });
    const inputs: RawInput[] = [];
    const display: SerialDisplay = createSerialDisplay(
      { name: 'clock', port: pty.a },
      { kind: 'serial-display', refreshMs: 60_000 },
      { backoff: { initialMs: 100, maxMs: 400 } },
    );
    cleanups.push(() => display.stop());
    await display.start(ctxFor(inputs));
    display.render!([], snapWith(level()));
    await waitFor(() => emu.board.state?.level?.level === 4, 'level 4 shown');
    expect(inputs.find((i) => i.type === 'device')).toMatchObject({
      online: true,
      detail: expect.stringContaining(pty.a),
    });

    await emu.close();
    await pty.unplug();
    await waitFor(() => devices(inputs).length === 2, 'offline');

    // Nothing changed at the table, and the refresh is a minute away: only the reconnect can bring the state back
    // to the fresh board, which shows nothing until told.
    await pty.plug();
    emu = await runEmulatorOnPort(pty.b, { name: 'clock board' });
    cleanups.push(() => emu.close());
    expect(emu.board.state).toBeNull();
    await waitFor(() => emu.board.state?.level?.level === 4, 'level 4 shown again after the reconnect', 30_000);
    await waitFor(() => devices(inputs).length === 3, 'online again');
    // A change after the reconnect goes out at once.
    display.render!([], snapWith(level({ level: 5, smallBlind: 300, bigBlind: 600, ante: 75 })));
    await waitFor(() => emu.board.state?.level?.level === 5, 'level 5 shown');
    expect(emu.board.state?.level).toMatchObject({ smallBlind: 300, bigBlind: 600, ante: 75 });
    expect(devices(inputs)).toEqual([true, false, true]);
  }, 60_000);
});
