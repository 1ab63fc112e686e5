// A seat's card antenna (pcsc-antenna) on the real PC/SC stack: pcscd with vsmartcard-vpcd, virtual cards over TCP.
// vpcd gives two readers: the shoe on the first (`Virtual PCD 00 00`), seat 3's antenna on the second (`… 00 01`).
// Their reads go into the real engine in the order they arrived: shoe reads deal, the antenna's are sightings
// (R-CARD-PLACE). Board and muck antennas are the same driver with another `place`; with two virtual readers they
// are exercised here only through the place they stamp (a muck antenna on the second reader, last test).
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkDevice } from '../../src/app/doctor/devices.ts';
import { loadProfiles } from '../../src/config/profiles.ts';
import { loadDeviceDefinition, type DeviceDefinition } from '../../src/config/devices.ts';
import { createTable } from '../../src/domain/table.ts';
import type { EngineEvent } from '../../src/domain/types.ts';
import { createAntenna } from '../../src/hardware/antenna/index.ts';
import { createShoe } from '../../src/hardware/shoe/index.ts';
import type { Device } from '../../src/hardware/types.ts';
import { Pcscd, pcscStackMissing } from '../helpers/pcscd.ts';
import { recorder } from '../helpers/pcscd-harness.ts';
import { deal, VirtualCard, VPCD_PORTS } from '../helpers/vpcd.ts';

const missing = pcscStackMissing();
if (missing && !process.env.CI) console.warn(`antenna.pcsc.test.ts skipped: ${missing}`);

const uid = (i: number): string => `04a5${i.toString(16).padStart(2, '0')}a1b2c3d4`;
// Tags 1 … 6 are enrolled: As Kd Qc Jh Ts 9d.
const deck = new Map(['As', 'Kd', 'Qc', 'Jh', 'Ts', '9d'].map((card, i) => [uid(i + 1), card]));
const FOREIGN = '04eeeeeeeeeeee';

describe.skipIf(missing !== null && !process.env.CI)('PC/SC card antenna through pcscd + vpcd', () => {
  let pcscd: Pcscd;
  let shoeDef: DeviceDefinition;
  let antennaDef: DeviceDefinition;
  const devices: Device[] = [];

  beforeAll(async () => {
    if (missing) throw new Error(`the PC/SC stack is missing: ${missing}`);
    shoeDef = loadDeviceDefinition('devices/vpcd-shoe.json');
    antennaDef = loadDeviceDefinition('devices/vpcd-antenna.json');
    pcscd = await Pcscd.acquire();
  }, 400_000); // another test file may hold pcscd (Pcscd.acquire waits for its lock: docs/testing.md)
  afterAll(async () => {
    await pcscd?.release();
  });
  afterEach(async () => {
    for (const d of devices.splice(0)) await d.stop();
  });

  it("stamps seat 3's place on its reads; the engine deals the shoe's and reports a misplaced one", async () => {
    const rec = recorder();
    const shoe = createShoe(shoeDef, { name: 'shoe', definition: 'vpcd-shoe.json' });
    const antenna = createAntenna(antennaDef, {
      name: 'seat-3',
      definition: 'vpcd-antenna.json',
      place: 'seat',
      seat: 3,
    });
    devices.push(shoe, antenna);
    await shoe.start(rec.ctx);
    await antenna.start(rec.ctx);
    expect(rec.inputs.filter((i) => i.type === 'device')).toEqual([
      { type: 'device', device: 'shoe', online: true, detail: 'reader Virtual PCD 00 00' },
      { type: 'device', device: 'seat-3', online: true, detail: 'reader Virtual PCD 00 01' },
    ]);

    // Heads-up, seats 1 and 3, button 1: the shoe deals 3, 1, 3, 1.
    await deal(pcscd, [uid(1), uid(2), uid(3), uid(4)], VPCD_PORTS[0]);
    // Seat 3's antenna: its own card, seat 1's card, a tag the deck does not know, a card still in the stub.
    await deal(pcscd, [uid(3), uid(2), FOREIGN, uid(5)], VPCD_PORTS[1]);
    await rec.until((i) => i.filter((x) => x.type === 'card').length === 8, 'four shoe reads and four sightings');
    const reads = rec.inputs.filter((i) => i.type === 'card');
    expect(reads.slice(0, 4)).toEqual([1, 2, 3, 4].map((n) => ({ type: 'card', uid: uid(n) })));
    expect(reads.slice(4)).toEqual(
      [uid(3), uid(2), FOREIGN, uid(5)].map((u) => ({ type: 'card', uid: u, place: 'seat', seat: 3 })),
    );

    const table = createTable({ profiles: loadProfiles(), deck });
    const events: EngineEvent[] = [];
    let at = 0;
    const apply = (input: object): void => void events.push(...table.apply({ ...input, at: (at += 1000) }));
    apply({ type: 'command', name: 'setup', seats: 4, profile: 'tda' });
    for (const seat of [1, 3]) {
      apply({ type: 'command', name: 'seat-player', seat, player: `P${seat}` });
      apply({ type: 'seat', seat, occupied: true });
    }
    apply({ type: 'command', name: 'set-button', seat: 1 });
    apply({ type: 'shuffle' });
    for (const input of rec.inputs) apply(input);

    const dealt = events.filter((e) => e.type === 'card.dealt');
    expect(dealt.map((e) => [e.card, e.seat])).toEqual([
      ['As', 3],
      ['Kd', 1],
      ['Qc', 3],
      ['Jh', 1],
    ]);
    const misplaced = events.filter((e) => e.type === 'card.misplaced').map(({ at: _a, type: _t, ...rest }) => rest);
    expect(misplaced).toEqual([
      { card: 'Kd', expected: { to: 'seat', seat: 1 }, seen: { place: 'seat', seat: 3 }, hand: 1 },
      { card: null, uid: FOREIGN, expected: null, seen: { place: 'seat', seat: 3 }, hand: 1 },
      { card: 'Ts', expected: null, seen: { place: 'seat', seat: 3 }, hand: 1 },
    ]);
    expect(events.filter((e) => e.type === 'misdeal' || e.type === 'input.rejected')).toEqual([]);
    expect(table.snapshot()).toMatchObject({ phase: 'betting' });
  }, 90_000);

  it('npm run doctor checks an antenna as it checks the shoe: its reader is found on pcscd', async () => {
    const ref = { name: 'seat-3', definition: 'vpcd-antenna.json', place: 'seat' as const, seat: 3 };
    const found = await checkDevice({ ref, simulated: false, kind: 'pcsc-antenna', definition: antennaDef });
    expect(found).toMatchObject({ status: 'ok', detail: expect.stringContaining('Virtual PCD 00 01') as string });
    const def = { ...antennaDef, spec: { ...antennaDef.spec, reader: { namePattern: 'ACR122', waitMs: 300 } } };
    const missing = await checkDevice(
      { ref, simulated: false, kind: 'pcsc-antenna', definition: def },
      {
        pcscWaitMs: 500,
      },
    );
    expect(missing).toMatchObject({ status: 'fail', detail: expect.stringContaining('no reader matches') as string });
  }, 30_000);

  it('a muck antenna on the second reader stamps its place, and ignores the shoe’s reader', async () => {
    const rec = recorder();
    const muck = createAntenna(antennaDef, { name: 'muck', definition: 'vpcd-antenna.json', place: 'muck' });
    devices.push(muck);
    await muck.start({ ...rec.ctx, logger: pino({ level: 'silent' }) });
    // On the shoe's reader first: by the time the muck's card is read, a read of it would have happened too.
    const other = VirtualCard.present(uid(6), VPCD_PORTS[0]);
    await deal(pcscd, [uid(5)], VPCD_PORTS[1]);
    other.remove();
    await rec.until((i) => i.some((x) => x.type === 'card'), 'the muck read');
    expect(rec.inputs.filter((i) => i.type === 'card')).toEqual([{ type: 'card', uid: uid(5), place: 'muck' }]);
    expect(other.apdus).toEqual([]);
  }, 60_000);
});
