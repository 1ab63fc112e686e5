// The shoe's logic without a PC/SC stack: uid normalisation, the optional bounce filter, settings checks, the
// missing-module and missing-pcscd paths, reconnect backoff, reader matching through an injected backend, the
// simulated shoe, and the vpcd test helper's byte framing. The real stack is in shoe.pcsc.test.ts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceDefinition } from '../../src/config/devices.ts';
import type { DeviceRef } from '../../src/config/types.ts';
import { TableError } from '../../src/domain/errors.ts';
import { loadNfcPcsc, probePcscd, type PcscBackend, type PcscEvents } from '../../src/hardware/shoe/backend.ts';
import { createShoe, createSimulatedShoe, INSTALL_HINT, normalizeUid } from '../../src/hardware/shoe/index.ts';
import { createRepeatFilter } from '../../src/hardware/shoe/repeat.ts';
import { shoeSettings } from '../../src/hardware/shoe/spec.ts';
import { recorder } from '../helpers/pcscd-harness.ts';
import { answer, ntagMemory, NTAG_ATR, VpcdFramer, vpcdFrame } from '../helpers/vpcd.ts';

const spec = (over: Record<string, unknown> = {}): DeviceDefinition => ({
  kind: 'pcsc-shoe',
  file: 'devices/test-shoe.json',
  spec: {
    kind: 'pcsc-shoe',
    reader: { namePattern: 'ACR122', waitMs: 200 },
    repeatReadMs: null,
    uidBytes: { min: 4, max: 10 },
    pcscd: { socket: '/nonexistent/pcscd.comm' },
    reconnect: { initialMs: 100, maxMs: 1000 },
    ...over,
  },
});
const ref: DeviceRef = { name: 'shoe', definition: 'test-shoe.json' };

afterEach(() => {
  vi.useRealTimers();
});

describe('uids and bounces', () => {
  it.each([
    ['04A1B2C3D4E5F6', '04a1b2c3d4e5f6'],
    ['04:a1:b2:c3', '04a1b2c3'],
    ['04 a1-b2 c3', '04a1b2c3'],
    ['04a', '04a'], // the contract's rule: 2 to 64 hex digits (docs/validation.md)
    ['04.a1', '04a1'],
    ['0', null],
    ['zz', null],
    ['', null],
  ])('normalizeUid(%j) = %j', (raw, want) => expect(normalizeUid(raw)).toBe(want));

  const rows: { window: number | null; reads: [string, number][]; pass: boolean[] }[] = [
    {
      window: null,
      reads: [
        ['a', 0],
        ['a', 1],
      ],
      pass: [true, true],
    },
    {
      window: 0,
      reads: [
        ['a', 0],
        ['a', 0],
      ],
      pass: [true, true],
    },
    {
      window: 500,
      reads: [
        ['a', 0],
        ['a', 400],
        ['a', 800],
      ],
      pass: [true, false, false],
    }, // a chattering tag stays one read
    {
      window: 500,
      reads: [
        ['a', 0],
        ['a', 501],
      ],
      pass: [true, true],
    },
    {
      window: 500,
      reads: [
        ['a', 0],
        ['b', 10],
        ['a', 20],
      ],
      pass: [true, true, true],
    }, // another card between: not a bounce
  ];
  it.each(rows)('repeat window $window: $reads → $pass', ({ window, reads, pass }) => {
    const filter = createRepeatFilter(window);
    expect(reads.map(([uid, at]) => filter(uid, at))).toEqual(pass);
  });
});

describe('shoe settings', () => {
  it('takes the reader pattern from the table config’s port when given', () => {
    expect(shoeSettings(spec(), ref).readerPattern.test('ACS ACR122U PICC Interface 00 00')).toBe(true);
    const s = shoeSettings(spec(), { ...ref, port: 'Virtual PCD 00 01' });
    expect(s.readerPattern.test('Virtual PCD 00 01')).toBe(true);
    expect(s.readerPattern.test('ACS ACR122U')).toBe(false);
  });

  it('refuses what a schema cannot check, naming the file and field', () => {
    const bad = (def: DeviceDefinition, r = ref): TableError => {
      try {
        shoeSettings(def, r);
      } catch (e) {
        return e as TableError;
      }
      throw new Error('no error');
    };
    expect(bad(spec({ reader: { namePattern: '(', waitMs: 1 } }))).toMatchObject({
      code: 'DEVICE_INVALID',
      detail: { field: '/reader/namePattern' },
    });
    expect(bad(spec(), { ...ref, port: '[' })).toMatchObject({ code: 'CONFIG_INVALID' });
    expect(bad(spec({ uidBytes: { min: 8, max: 4 } })).message).toBe(
      'devices/test-shoe.json: /uidBytes/min must not exceed max (4)',
    );
    expect(bad({ ...spec(), kind: 'firmata-board' }).code).toBe('DEVICE_INVALID');
  });
});

describe('PC/SC shoe without a PC/SC stack', () => {
  it('a missing nfc-pcsc module is DEVICE_MISSING saying what to install', async () => {
    const err = await loadNfcPcsc('nfc-pcsc-that-is-not-installed').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TableError);
    expect((err as TableError).code).toBe('DEVICE_MISSING');
    expect((err as TableError).message).toContain('apt-get install pcscd libpcsclite-dev');
    expect((err as TableError).message).toContain('npm install');
  });

  it('reports offline with the install hint, resolves start, and retries with exponential backoff capped at maxMs', async () => {
    vi.useFakeTimers();
    let loads = 0;
    const loadBackend = (): Promise<PcscBackend> => {
      loads++;
      return Promise.reject(new TableError('DEVICE_MISSING', `nfc-pcsc is not available: ${INSTALL_HINT}`));
    };
    const rec = recorder();
    const shoe = createShoe(spec(), ref, { loadBackend });
    await shoe.start(rec.ctx);
    expect(rec.statuses()).toEqual([
      { online: false, detail: expect.stringContaining('apt-get install pcscd libpcsclite-dev') as string },
    ]);
    // Retries at +100, +200, +400, +800, then every 1000 (the cap): 0, 100, 300, 700, 1500, 2500, 3500.
    const at = [100, 300, 700, 1500, 2500, 3500];
    let now = 0;
    for (const [i, t] of at.entries()) {
      await vi.advanceTimersByTimeAsync(t - now - 1);
      expect(loads).toBe(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(loads).toBe(i + 2);
      now = t;
    }
    expect(rec.statuses()).toHaveLength(1); // the same detail is not reported again
    await shoe.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(loads).toBe(7);
  });

  it('checks the pcscd socket before opening PC/SC (new NFC() would spin) and says pcscd is not running', async () => {
    let opened = 0;
    const backend: PcscBackend = {
      open: () => {
        opened++;
        return { close: () => Promise.resolve() };
      },
    };
    const rec = recorder();
    const shoe = createShoe(spec(), ref, { loadBackend: () => Promise.resolve(backend) });
    await shoe.start(rec.ctx);
    await shoe.stop();
    expect(opened).toBe(0);
    expect(rec.statuses()[0]?.detail).toMatch(
      /^pcscd is not running \(no \/nonexistent\/pcscd\.comm\); start it: `sudo systemctl enable --now pcscd\.socket`; .*apt-get install pcscd/,
    );
  });

  it('probePcscd tells a live socket from a missing and a stale one (its server killed)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'probe-'));
    try {
      const path = join(dir, 'pcscd.comm');
      expect(await probePcscd(path)).toMatch(/not running \(no /);
      const server = createServer((s) => s.destroy());
      await new Promise<void>((r) => server.listen(path, r));
      expect(await probePcscd(path)).toBeNull();
      await new Promise<void>((r) => server.close(() => r()));
      // A process killed outright leaves its socket file behind, as a crashed pcscd does.
      const child = spawn(process.execPath, [
        '-e',
        `require('net').createServer().listen(${JSON.stringify(path)}, () => console.log('up'))`,
      ]);
      await new Promise<void>((r) => child.stdout.once('data', () => r()));
      child.kill('SIGKILL');
      await new Promise<void>((r) => child.once('exit', () => r()));
      expect(existsSync(path)).toBe(true);
      expect(await probePcscd(path)).toMatch(/not running \(stale /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('PC/SC shoe over an injected backend', () => {
  // A stand-in for nfc-pcsc that lets the test play pcscd's side: readers coming and going, reads, a dead context.
  function fakeBackend(): {
    backend: PcscBackend;
    contexts: { events: PcscEvents; accept: (r: string) => boolean; closed: boolean }[];
  } {
    const contexts: { events: PcscEvents; accept: (r: string) => boolean; closed: boolean }[] = [];
    return {
      contexts,
      backend: {
        open(events, accept) {
          const c = { events, accept, closed: false };
          contexts.push(c);
          return { close: () => ((c.closed = true), Promise.resolve()) };
        },
      },
    };
  }

  async function started(over: Record<string, unknown> = {}, now?: number) {
    const fake = fakeBackend();
    const rec = recorder(now !== undefined ? { now } : {});
    const shoe = createShoe(spec(over), ref, {
      loadBackend: () => Promise.resolve(fake.backend),
      probe: () => Promise.resolve(null),
    });
    const starting = shoe.start(rec.ctx);
    await vi.waitFor(() => expect(fake.contexts).toHaveLength(1));
    return { ...fake, rec, shoe, starting, ctx: fake.contexts[0] as (typeof fake.contexts)[number] };
  }

  it('goes online with a matching reader, passes reads as {type, uid}, and drops tag ids of the wrong length', async () => {
    const { ctx, rec, shoe, starting } = await started();
    expect(ctx.accept('ACS ACR122U PICC Interface')).toBe(true);
    expect(ctx.accept('Virtual PCD 00 00')).toBe(false);
    ctx.events.readerAdded('ACS ACR122U PICC Interface');
    await starting;
    ctx.events.card('ACS ACR122U PICC Interface', '04a1b2c3d4e5f6');
    ctx.events.card('ACS ACR122U PICC Interface', '0102'); // 2 bytes: a misread
    ctx.events.readerError('ACS ACR122U PICC Interface', new Error('transmit failed'));
    expect(rec.inputs).toEqual([
      { type: 'device', device: 'shoe', online: true, detail: 'reader ACS ACR122U PICC Interface' },
      { type: 'card', uid: '04a1b2c3d4e5f6' },
    ]);
    await shoe.stop();
    expect(ctx.closed).toBe(true);
  });

  it('reports offline naming the readers pcscd has when none matches, then rebuilds the context', async () => {
    vi.useFakeTimers();
    const { ctx, contexts, rec, shoe, starting } = await started();
    ctx.events.readerIgnored('Virtual PCD 00 00');
    await vi.advanceTimersByTimeAsync(200);
    await starting;
    expect(rec.statuses()).toEqual([
      {
        online: false,
        detail: 'no reader matching /ACR122/ (pcscd lists: Virtual PCD 00 00); plug it in or fix the pattern',
      },
    ]);
    expect(ctx.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(contexts).toHaveLength(2);
    contexts[1]?.events.readerAdded('ACR122U');
    expect(rec.statuses().at(-1)).toEqual({ online: true, detail: 'reader ACR122U' });
    await shoe.stop();
  });

  it('on a dead context (pcscd restarted) goes offline, ignores the old context, and comes back on a new one', async () => {
    vi.useFakeTimers();
    const { ctx, contexts, rec, shoe } = await started();
    ctx.events.readerAdded('ACR122U');
    ctx.events.contextError(new Error('SCardGetStatusChange error: RPC transport error.(0x80100013)'));
    ctx.events.readerRemoved('ACR122U');
    expect(rec.statuses().map((s) => s.online)).toEqual([true, false]);
    expect(rec.statuses()[1]?.detail).toContain('lost pcscd');
    ctx.events.card('ACR122U', '04000000000001'); // late, from the closed context
    await vi.advanceTimersByTimeAsync(100);
    expect(contexts).toHaveLength(2);
    contexts[1]?.events.readerAdded('ACR122U');
    contexts[1]?.events.card('ACR122U', '04000000000002');
    expect(rec.statuses().map((s) => s.online)).toEqual([true, false, true]);
    expect(rec.cards()).toEqual(['04000000000002']);
    await shoe.stop();
  });

  it('goes offline when its last reader is unplugged, and stays online while another matching one remains', async () => {
    vi.useFakeTimers();
    const { ctx, contexts, rec, shoe } = await started();
    ctx.events.readerAdded('ACR122U A');
    ctx.events.readerAdded('ACR122U B');
    ctx.events.readerRemoved('ACR122U A');
    expect(rec.statuses().every((s) => s.online)).toBe(true);
    expect(rec.statuses().at(-1)?.detail).toBe('reader ACR122U B');
    ctx.events.readerRemoved('ACR122U B');
    expect(rec.statuses().at(-1)).toEqual({ online: false, detail: 'reader ACR122U B removed' });
    await vi.advanceTimersByTimeAsync(100);
    expect(contexts).toHaveLength(2);
    await shoe.stop();
  });

  it('drops a repeat of the same tag within repeatReadMs when the definition asks for it', async () => {
    const { ctx, rec, shoe } = await started({ repeatReadMs: 300 }, 5000);
    ctx.events.readerAdded('ACR122U');
    ctx.events.card('ACR122U', '04000000000001');
    rec.setNow(5200);
    ctx.events.card('ACR122U', '04000000000001');
    rec.setNow(5600);
    ctx.events.card('ACR122U', '04000000000001');
    expect(rec.cards()).toEqual(['04000000000001', '04000000000001']);
    await shoe.stop();
  });
});

describe('simulated shoe', () => {
  it('reports online, turns pushed reads into card inputs, and plays a reader going away', async () => {
    const rec = recorder();
    const shoe = createSimulatedShoe('shoe');
    expect(() => shoe.read('0401')).toThrow(TableError);
    await shoe.start(rec.ctx);
    expect(shoe.read('04:A1:B2:C3')).toBe('04a1b2c3');
    expect(() => shoe.read('nope')).toThrow(/not a hex tag id/);
    shoe.setOnline(false);
    expect(rec.inputs).toEqual([
      { type: 'device', device: 'shoe', online: true, detail: 'simulated shoe' },
      { type: 'card', uid: '04a1b2c3' },
      { type: 'device', device: 'shoe', online: false, detail: 'simulated shoe unplugged' },
    ]);
    await shoe.stop();
    expect(shoe.started).toBe(false);
  });

  it('applies the same optional repeat filter', async () => {
    const rec = recorder({ now: 0 });
    const shoe = createSimulatedShoe('shoe', { repeatReadMs: 100 });
    await shoe.start(rec.ctx);
    expect([shoe.read('0401'), shoe.read('0401'), shoe.read('0402')]).toEqual(['0401', null, '0402']);
  });
});

describe('vpcd test card: framing and answers', () => {
  it('splits frames across chunks and several frames in one chunk', () => {
    const framer = new VpcdFramer();
    const bytes = Buffer.concat([vpcdFrame(Buffer.from([4])), vpcdFrame(Buffer.from('ffca000000', 'hex'))]);
    expect(framer.push(bytes.subarray(0, 1))).toEqual([]);
    expect(framer.push(bytes.subarray(1, 4))).toEqual([Buffer.from([4])]);
    expect(framer.push(bytes.subarray(4))).toEqual([Buffer.from('ffca000000', 'hex')]);
    expect(framer.push(Buffer.concat([vpcdFrame(Buffer.from([1])), vpcdFrame(Buffer.from([0]))]))).toEqual([
      Buffer.from([1]),
      Buffer.from([0]),
    ]);
  });

  it('answers the ATR request, GET UID and page reads; other control codes get no answer', () => {
    const uid = Buffer.from('04a1b2c3d4e5f6', 'hex');
    const mem = ntagMemory(uid);
    expect(answer(Buffer.from([4]), uid, mem)).toEqual(NTAG_ATR);
    expect(answer(Buffer.from([1]), uid, mem)).toBeNull();
    expect(answer(Buffer.from('ffca000000', 'hex'), uid, mem)?.toString('hex')).toBe('04a1b2c3d4e5f69000');
    const page0 = answer(Buffer.from('ffb0000010', 'hex'), uid, mem);
    expect(page0?.subarray(0, 3).toString('hex')).toBe('04a1b2');
    expect(page0?.subarray(-2).toString('hex')).toBe('9000');
    expect(page0).toHaveLength(18);
    expect(answer(Buffer.from('ffb000ff10', 'hex'), uid, mem)?.toString('hex')).toBe('6a82');
    expect(answer(Buffer.from('00a4040000', 'hex'), uid, mem)?.toString('hex')).toBe('6a81');
  });
});
