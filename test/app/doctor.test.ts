// `npm run doctor` against configs pointing at missing devices, a real mosquitto with users, StandardFirmata in
// avr8js behind a socat pty, and files with the wrong mode.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { parseStartArgs } from '../../src/app/args.ts';
import { runDoctor } from '../../src/app/doctor/run.ts';
import { startHardwareTable } from '../../src/app/hardware.ts';
import type { TableError } from '../../src/domain/errors.ts';
import type { CheckResult } from '../../src/app/doctor/report.ts';
import { firmataHexAvailable } from '../helpers/avr.ts';
import { wireUno, type WiredUno } from '../helpers/avr-bridge.ts';
import { mosquittoMissing, startMosquitto, type Mosquitto } from '../helpers/mosquitto.ts';
import { Pcscd, pcscStackMissing } from '../helpers/pcscd.ts';
import { openPtyPair, requireSocat, type PtyPair } from '../helpers/pty.ts';

const root = join(TEST_DIR, '..');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pokertable-doctor-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a table config (YAML is a superset of JSON) and a 52-card deck with the given mode. */
function setup(name: string, config: Record<string, unknown>, deckMode = 0o600): string {
  const deck = join(dir, `${name}-deck.json`);
  const cards: Record<string, string> = {};
  'AKQJT98765432'
    .split('')
    .forEach((r, i) =>
      'shdc'.split('').forEach((s, j) => (cards[`04aa${(i * 4 + j).toString(16).padStart(2, '0')}`] = `${r}${s}`)),
    );
  writeFileSync(deck, JSON.stringify({ cards }));
  chmodSync(deck, deckMode);
  const file = join(dir, `${name}.yaml`);
  const base = {
    table: { id: 't1', seats: 6, deckFile: deck },
    storage: { dir: join(dir, `${name}-var`) },
    mqtt: { embedded: { port: 18871, wsPort: 18872 } },
    http: { port: 18873 },
    devices: [],
  };
  writeFileSync(file, JSON.stringify({ ...base, ...config }));
  return file;
}

const by = (results: CheckResult[], subject: string) => results.find((r) => r.subject === subject);

describe('doctor and npm start run the same config checks', () => {
  const uno = (over: Record<string, unknown>) =>
    JSON.stringify({
      kind: 'firmata-board',
      board: 'uno',
      seatSensors: [{ seat: 1, type: 'digital', pin: 2, pullup: true }],
      ...over,
    });
  const cases: [string, string, Record<string, unknown>[], RegExp][] = [
    [
      'a pin used twice',
      uno({ seatLeds: [{ seat: 1, role: 'action', pin: 2 }] }),
      [{ name: 'board', definition: './twice.json', port: '/dev/ttyACM0' }],
      /\/seatLeds\/0\/pin: pin 2 is already seat 1's sensor/,
    ],
    [
      'board and display on the same port',
      uno({}),
      [
        { name: 'board', definition: './same.json', port: '/dev/ttyUSB0' },
        { name: 'display', definition: 'serial-clock-board.json', port: '/dev/ttyUSB0' },
      ],
      /\/devices\/1\/port \/dev\/ttyUSB0 is already the port of device "board"/,
    ],
    [
      'an analog pin the board does not have',
      uno({ seatSensors: [{ seat: 1, type: 'analog', pin: 'A9', threshold: 400 }] }),
      [{ name: 'board', definition: './analog.json', port: '/dev/ttyACM0' }],
      /"A9" is not an analog input of an Arduino Uno \("board": "uno"\): it has A0 to A5/,
    ],
  ];
  it.each(cases)(
    '%s: doctor fails it and start refuses it, with the same sentence',
    async (_what, def, devices, sentence) => {
      const definition = String(devices[0]!.definition);
      writeFileSync(join(dir, definition), def);
      const file = setup(definition.replace(/\W/g, ''), { devices });
      const results = await runDoctor(file);
      const failed = results.filter((r) => r.status === 'fail' && r.subject === 'config');
      expect(failed.map((r) => r.detail)).toEqual([expect.stringMatching(sentence)]);
      expect(failed[0]!.detail.startsWith(`${file}: /devices/`)).toBe(true);
      expect(by(results, 'config')?.status).toBe('fail');
      const error = await startHardwareTable({ ...parseStartArgs([]), config: file }, pino({ level: 'silent' })).then(
        () => null,
        (e: unknown) => e as TableError,
      );
      expect(error?.code).toBe('CONFIG_INVALID');
      expect(error?.message).toMatch(sentence);
      expect(error?.message.split('\n')).toContain(failed[0]!.detail);
    },
  );
});

describe('doctor: config, ports, storage, deck', () => {
  let blocker: Server | null = null;
  afterEach(async () => {
    await new Promise<void>((r) => (blocker ? blocker.close(() => r()) : r()));
    blocker = null;
  });

  it('passes a valid config with only simulated devices', async () => {
    const file = setup('good', { devices: [{ name: 'shoe', definition: 'simulated-pcsc-shoe' }] });
    const results = await runDoctor(file);
    expect(results.filter((r) => r.status === 'fail')).toEqual([]);
    expect(by(results, 'deck')).toMatchObject({ status: 'ok', detail: expect.stringContaining('52 cards') });
    expect(by(results, 'device shoe')).toMatchObject({ status: 'ok' });
    expect(by(results, 'storage')?.status).toBe('ok');
  });

  it('names the field of an invalid config and stops there', async () => {
    const file = setup('bad', { table: { id: 't 1', seats: 42 } });
    const results = await runDoctor(file);
    expect(results[0]).toMatchObject({ status: 'fail', subject: 'config' });
    expect(results[0]?.detail).toMatch(/seats|id/);
  });

  it('fails a deck others can read, an unknown profile, and a port already taken', async () => {
    blocker = createServer();
    await new Promise<void>((r) => blocker?.listen(18871, '127.0.0.1', r));
    const file = setup(
      'problems',
      { table: { id: 't1', seats: 6, profile: 'nosuch', deckFile: join(dir, 'problems-deck.json') } },
      0o644,
    );
    const results = await runDoctor(file);
    expect(by(results, 'deck')).toMatchObject({ status: 'fail', fix: expect.stringContaining('chmod 600') });
    expect(by(results, 'profile')).toMatchObject({ status: 'fail', detail: expect.stringContaining('tda') });
    expect(by(results, 'port 18871')).toMatchObject({ status: 'fail', detail: expect.stringContaining('in use') });
    expect(by(results, 'port 18872')?.status).toBe('ok');
  });

  it('warns when the board is served to the room but the broker WebSocket is not', async () => {
    const file = setup('reach', { http: { host: '0.0.0.0', port: 18873 } });
    const results = await runDoctor(file);
    expect(by(results, 'board')).toMatchObject({
      status: 'warn',
      fix: expect.stringContaining('mqtt.embedded.host to 0.0.0.0'),
    });
    expect(results.filter((r) => r.status === 'fail')).toEqual([]);
    const closed = await runDoctor(
      setup('closed', { mqtt: { embedded: { port: 18871, wsPort: 18872, anonymousRoles: [] } } }),
    );
    expect(by(closed, 'board')).toMatchObject({ status: 'warn', detail: expect.stringContaining('anonymously') });
  });

  it('fails a deck short of cards, with what is missing', async () => {
    const file = setup('short', {});
    const deckFile = join(dir, 'short-deck.json');
    const cards = (JSON.parse(readFileSync(deckFile, 'utf8')) as { cards: Record<string, string> }).cards;
    delete cards[Object.keys(cards).find((uid) => cards[uid] === 'Qh')!];
    writeFileSync(deckFile, JSON.stringify({ cards }));
    const results = await runDoctor(file);
    expect(by(results, 'deck')).toMatchObject({ status: 'fail', detail: expect.stringContaining('missing Qh') });
  });

  it('reports missing devices: no serial port, no pcscd, and exits 1 from the CLI', async () => {
    const shoeDef = join(dir, 'shoe.json');
    writeFileSync(
      shoeDef,
      JSON.stringify({
        kind: 'pcsc-shoe',
        reader: { namePattern: 'ACR122' },
        pcscd: { socket: join(dir, 'no-pcscd.comm') },
      }),
    );
    const boardDef = join(dir, 'board.json');
    writeFileSync(
      boardDef,
      JSON.stringify({ kind: 'firmata-board', seatSensors: [{ seat: 1, type: 'digital', pin: 2 }] }),
    );
    const file = setup('missing', {
      devices: [
        { name: 'shoe', definition: shoeDef },
        { name: 'board', definition: boardDef, port: join(dir, 'ttyACM9') },
      ],
    });
    const results = await runDoctor(file);
    expect(by(results, 'device shoe')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('pcscd is not running'),
    });
    expect(by(results, 'device board')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('does not exist'),
    });

    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/doctor.ts', '--config', file], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(cli.status).toBe(1);
    expect(cli.stdout).toContain('FAIL  device board');
    expect(cli.stdout).toMatch(/2 problems to fix/);
  });
});

const runSerial = requireSocat() && firmataHexAvailable();
if (!firmataHexAvailable()) {
  if (process.env.CI) throw new Error('StandardFirmata hex missing: run test/helpers/fetch-firmata.sh');
  console.warn('doctor Firmata test skipped: run test/helpers/fetch-firmata.sh');
}

describe.skipIf(!runSerial)('doctor: a Firmata board on a serial port', () => {
  let pty: PtyPair;
  let uno: WiredUno | null = null;
  beforeAll(async () => {
    pty = await openPtyPair();
  });
  afterAll(async () => {
    await uno?.stop();
    await pty?.close();
  });

  it('fails a port where nothing answers Firmata, then passes when StandardFirmata runs behind it', async () => {
    const boardDef = join(dir, 'uno.json');
    writeFileSync(
      boardDef,
      JSON.stringify({ kind: 'firmata-board', seatSensors: [{ seat: 1, type: 'digital', pin: 2 }] }),
    );
    const file = setup('firmata', { devices: [{ name: 'board', definition: boardDef, port: pty.a }] });
    const silent = await runDoctor(file, { firmataTimeoutMs: 1500 });
    expect(by(silent, 'device board')).toMatchObject({
      status: 'fail',
      fix: expect.stringContaining('StandardFirmata'),
    });

    uno = await wireUno(pty.b);
    // The emulated Uno boots StandardFirmata in JavaScript: beside other CPU-bound files it can take more than 10 s.
    const results = await runDoctor(file, { firmataTimeoutMs: 25_000 });
    expect(by(results, 'device board')).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/^Firmata 2\.\d+ answers/),
    });
  }, 45_000);
});

const noMosquitto = mosquittoMissing();
if (noMosquitto) console.warn(`doctor broker tests skipped: ${noMosquitto}`);

describe.skipIf(noMosquitto !== null)('doctor: an external mosquitto', () => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await startMosquitto({
      users: { table: 'right-secret' },
      config: ['allow_anonymous false', 'password_file {dir}/passwd'],
    });
  });
  afterAll(async () => broker?.dispose());

  const external = (over: Record<string, unknown>) => ({ mqtt: { external: { url: broker.url, ...over } } });

  it('passes with the right credentials', async () => {
    const results = await runDoctor(setup('mq-ok', external({ username: 'table', password: 'right-secret' })));
    expect(by(results, 'broker')).toMatchObject({ status: 'ok', detail: expect.stringContaining('user "table"') });
    // No embedded broker: its ports are not checked.
    expect(by(results, 'port 18871')).toBeUndefined();
  });

  it('fails with a wrong password, without credentials, and with nothing listening', async () => {
    const wrong = await runDoctor(setup('mq-bad', external({ username: 'table', password: 'wrong' })));
    expect(by(wrong, 'broker')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/bad username or password|not authorized/),
    });
    const anonymous = await runDoctor(setup('mq-anon', external({})));
    expect(by(anonymous, 'broker')?.status).toBe('fail');
    const nobody = await runDoctor(setup('mq-none', { mqtt: { external: { url: 'mqtt://127.0.0.1:18879' } } }));
    expect(by(nobody, 'broker')).toMatchObject({ status: 'fail', detail: expect.stringContaining('nothing listens') });
  });
});

const noPcsc = pcscStackMissing();
if (noPcsc && !process.env.CI) console.warn(`doctor PC/SC test skipped: ${noPcsc}`);

describe.skipIf(noPcsc !== null && !process.env.CI)(
  'doctor: a PC/SC shoe through a real pcscd with the vpcd reader',
  () => {
    let pcscd: Pcscd;
    beforeAll(async () => {
      if (noPcsc) throw new Error(`the PC/SC stack is missing: ${noPcsc}`);
      pcscd = await Pcscd.acquire();
    }, 400_000); // another test file may hold pcscd (Pcscd.acquire waits for its lock: docs/testing.md)
    afterAll(async () => pcscd?.release());

    it('finds the reader, names the readers it saw when the pattern matches none, and says pcscd is down when it is', async () => {
      const good = setup('pcsc-good', { devices: [{ name: 'shoe', definition: 'vpcd-shoe.json' }] });
      const found = await runDoctor(good);
      expect(by(found, 'device shoe')).toMatchObject({
        status: 'ok',
        detail: expect.stringContaining('Virtual PCD 00 00'),
      });

      const wrong = setup('pcsc-wrong', { devices: [{ name: 'shoe', definition: 'vpcd-shoe.json', port: 'ACR122' }] });
      const unmatched = await runDoctor(wrong, { pcscWaitMs: 1500 });
      expect(by(unmatched, 'device shoe')).toMatchObject({
        status: 'fail',
        detail: expect.stringContaining('seen: Virtual PCD'),
      });

      await pcscd.stop();
      const down = await runDoctor(good);
      expect(by(down, 'device shoe')).toMatchObject({
        status: 'fail',
        detail: expect.stringContaining('pcscd is not running'),
        fix: expect.stringContaining('pcscd'),
      });
    });
  },
);
