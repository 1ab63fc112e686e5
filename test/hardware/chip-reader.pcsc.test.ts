// A seat's chip reader (pcsc-chip-reader) on the real PC/SC stack: pcscd with vsmartcard-vpcd, virtual chip tags
// over TCP on the second virtual reader (`Virtual PCD 00 01`, port 35964), the reader's inputs fed live into the
// real engine with chips tracked. A chip put on the reader and taken off become `chips` inputs (R-BET-CHIPS); a tag
// never enrolled is named in the device's detail and never reaches the engine as a chip.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadDeviceDefinition, type DeviceDefinition } from '../../src/config/devices.ts';
import { loadProfiles } from '../../src/config/profiles.ts';
import { createTable } from '../../src/domain/table.ts';
import type { EngineEvent } from '../../src/domain/types.ts';
import { createChipReader } from '../../src/hardware/chip-reader/index.ts';
import type { Device } from '../../src/hardware/types.ts';
import type { RawInput } from '../../src/runtime/types.ts';
import { Pcscd, pcscStackMissing } from '../helpers/pcscd.ts';
import { VirtualCard, VPCD_PORTS, vpcdReaderName } from '../helpers/vpcd.ts';

const missing = pcscStackMissing();
if (missing && !process.env.CI) console.warn(`chip-reader.pcsc.test.ts skipped: ${missing}`);

const PORT = VPCD_PORTS[1];
const READER = vpcdReaderName(PORT);
const HUNDRED = '04c0a1a1a1a1a1';
const FIVE_HUNDRED = '04c0a5a5a5a5a5';
const STRANGER = '04eeeeeeeeeeee';
const DEFINITION = ['--definition', 'vpcd-chip-reader.json'];
const CHIPS = new Map([
  [HUNDRED, 100],
  [FIVE_HUNDRED, 500],
]);

async function until(cond: () => boolean, what: string, log: () => string, timeoutMs = 30_000): Promise<void> {
  for (let waited = 0; !cond(); waited += 20) {
    if (waited > timeoutMs) throw new Error(`timed out waiting for ${what}: ${log()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(missing !== null && !process.env.CI)('PC/SC chip reader through pcscd + vpcd', () => {
  let pcscd: Pcscd;
  let def: DeviceDefinition;
  let reader: Device | null = null;

  beforeAll(async () => {
    if (missing) throw new Error(`the PC/SC stack is missing: ${missing}`);
    def = loadDeviceDefinition('devices/vpcd-chip-reader.json');
    pcscd = await Pcscd.acquire();
  }, 400_000); // another test file may hold pcscd (Pcscd.acquire waits for its lock: docs/testing.md)
  afterEach(async () => {
    await reader?.stop();
    reader = null;
  });
  afterAll(async () => {
    await pcscd?.release();
  });

  it("chips put on and taken off seat 1's reader are its chips inputs, judged by the engine", async () => {
    // Heads-up, seats 1 and 3, button 1: seat 1 posts the small blind and is first to act.
    const table = createTable({ profiles: loadProfiles() });
    const events: EngineEvent[] = [];
    const inputs: RawInput[] = [];
    let at = 0;
    const apply = (input: RawInput): void => void events.push(...table.apply({ ...input, at: (at += 1000) }));
    apply({ type: 'command', name: 'setup', seats: 4, profile: 'tda', rules: { chips: { mode: 'tracked' } } });
    for (const seat of [1, 3]) {
      apply({ type: 'command', name: 'seat-player', seat, player: `P${seat}`, chips: 5000 });
      apply({ type: 'seat', seat, occupied: true });
    }
    apply({ type: 'command', name: 'levels-start', levels: [{ smallBlind: 25, bigBlind: 50, minutes: 30 }] });
    apply({ type: 'command', name: 'set-button', seat: 1 });
    apply({ type: 'shuffle' });
    for (const card of ['As', 'Kd', 'Qc', 'Jh']) apply({ type: 'card', card });
    expect(table.snapshot()).toMatchObject({ onAction: { seat: 1 }, toCall: 25 });

    const log = (): string => `${JSON.stringify(inputs)}\npcscd:\n${pcscd.log().slice(-2000)}`;
    const motions = (): RawInput[] => inputs.filter((i) => i.type === 'chips');
    const lastDetail = (): string => String(inputs.filter((i) => i.type === 'device').at(-1)?.detail);
    reader = createChipReader(def, { name: 'chips-1', definition: 'vpcd-chip-reader.json', seat: 1 }, CHIPS);
    await reader.start({
      submit: (input) => {
        inputs.push(input);
        apply(input);
      },
      logger: pino({ level: process.env.SHOE_LOG ?? 'silent' }),
      now: () => Date.now(),
    });
    // The empty zone is taken as it lies, after one settle window.
    await until(() => lastDetail().includes('0 chips in the zone'), 'the zone settled', log);
    expect(lastDetail()).toBe(`reader ${READER}; seat 1, 0 chips in the zone`);

    // A single 100 chip facing the big blind: a call (R-BET-CHIPS, the oversized chip).
    const hundred = VirtualCard.present(HUNDRED, PORT);
    await until(() => motions().length === 1, 'the 100 put out', log);
    expect(motions()).toEqual([{ type: 'chips', seat: 1, added: [100], removed: [] }]);
    expect(events.filter((e) => e.type === 'action')).toMatchObject([{ seat: 1, action: 'call', by: 'chips' }]);

    // The big blind checks; the flop; the big blind checks again. The dealer gathers the 100 (no action), and seat 1
    // bets with a 500 chip.
    apply({ type: 'panel', button: 'check' });
    for (const card of ['Ts', '9d', '8c', '7h']) apply({ type: 'card', card });
    apply({ type: 'panel', button: 'check' });
    expect(table.snapshot()).toMatchObject({ onAction: { seat: 1 } });
    const removals = pcscd.removed(READER);
    hundred.remove();
    await until(() => motions().length === 2, 'the 100 taken away', log);
    expect(motions()[1]).toEqual({ type: 'chips', seat: 1, added: [], removed: [100] });
    await pcscd.waitRemoved(READER, removals);
    const five = VirtualCard.present(FIVE_HUNDRED, PORT);
    await until(() => motions().length === 3, 'the 500 put out', log);
    expect(motions()[2]).toEqual({ type: 'chips', seat: 1, added: [500], removed: [] });
    expect(events.filter((e) => e.type === 'action').at(-1)).toMatchObject({ seat: 1, action: 'raise', by: 'chips' });
    expect(events.filter((e) => e.type === 'bet.placed').at(-1)).toMatchObject({ seat: 1, amount: 500, to: 500 });
    expect(events.filter((e) => e.type === 'input.rejected' || e.type === 'request.rejected')).toEqual([]);

    // A tag never enrolled: named in the device's detail, no chips input, the table plays on.
    const before = pcscd.removed(READER);
    five.remove();
    await pcscd.waitRemoved(READER, before);
    await until(() => motions().length === 4, 'the 500 taken back', log);
    const stranger = VirtualCard.present(STRANGER, PORT);
    await stranger.whenRead();
    await until(() => lastDetail().includes(STRANGER), 'the unknown tag reported', log);
    expect(events.filter((e) => e.type === 'device.online').at(-1)).toMatchObject({
      device: 'chips-1',
      detail: expect.stringContaining(`tag ${STRANGER} is no enrolled chip`) as string,
    });
    const gone = pcscd.removed(READER);
    stranger.remove();
    await pcscd.waitRemoved(READER, gone);
    // The next motion holds only the enrolled chip: the stranger was never part of the zone.
    const again = VirtualCard.present(HUNDRED, PORT);
    await until(() => motions().length === 5, 'the 100 put out again', log);
    expect(motions()[4]).toEqual({ type: 'chips', seat: 1, added: [100], removed: [] });
    again.remove();
  }, 120_000);

  it('npm run chips -- enroll reads the tags off the chip reader and writes them 0600', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chips-pcsc-'));
    try {
      const file = join(dir, 'chips.json');
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/cli/chips.ts', 'enroll', '--value', '100', '--out', file, ...DEFINITION],
        { stdio: ['pipe', 'pipe', 'pipe'] },
      );
      // stdin stays open: Enter ends the enrolment
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const exited = new Promise<number>((r) => child.on('exit', (code) => r(code ?? -1)));
      await until(
        () => out.includes('Reader ready'),
        'the reader',
        () => out,
      );
      for (const uid of [HUNDRED, FIVE_HUNDRED]) {
        const before = pcscd.removed(READER);
        const chip = VirtualCard.present(uid, PORT);
        await chip.whenRead();
        await until(
          () => out.split('chip enrolled').length > (uid === HUNDRED ? 1 : 2),
          'the chip enrolled',
          () => out,
        );
        chip.remove();
        await pcscd.waitRemoved(READER, before);
      }
      child.stdin.end('\n');
      expect(await exited).toBe(0);
      expect(out).toContain(`Reader ready (reader ${READER})`);
      expect(out).toContain('2 new chips of 100');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ chips: { [HUNDRED]: 100, [FIVE_HUNDRED]: 100 } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
