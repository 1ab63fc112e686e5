// Chip tags enrolled like the deck: `npm run chips -- enroll|list|check` (a child process with --simulated tag ids
// on stdin), the file's permissions and validation, values not in play refused, and a table config that asks for it.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollChip } from '../../src/enrolment/chips/enrollment.ts';
import { chipCounts, loadChips, parseChips, saveChips, valueProblem } from '../../src/enrolment/chips/store.ts';
import { loadTableConfig } from '../../src/config/load.ts';
import { TableError } from '../../src/protocol/errors.ts';

const tag = (i: number): string => `04d0${i.toString(16).padStart(2, '0')}a1b2c3d4`;

function cli(args: string[], stdin: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/chips.ts', ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code: code ?? -1, out }));
    child.stdin.end(stdin);
  });
}

function thrown(fn: () => unknown): TableError {
  try {
    fn();
  } catch (err) {
    if (err instanceof TableError) return err;
    throw err;
  }
  throw new Error('did not throw');
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'chip-enroll-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('chip enrolment, the pure step', () => {
  it('binds new tags to the value, knows a tag passed twice, refuses one of another value and a bad id', () => {
    let chips: ReadonlyMap<string, number> = new Map([[tag(9), 25]]);
    const steps = [tag(1), tag(2), tag(1), tag(9), 'zz'].map((raw) => {
      const r = enrollChip(chips, 500, raw);
      chips = r.chips;
      return r.outcome;
    });
    expect(steps).toEqual([
      { kind: 'enrolled', uid: tag(1), value: 500, count: 1 },
      { kind: 'enrolled', uid: tag(2), value: 500, count: 2 },
      { kind: 'again', uid: tag(1), value: 500 },
      { kind: 'other-value', uid: tag(9), value: 25, asked: 500 },
      { kind: 'bad-uid', raw: 'zz' },
    ]);
    expect(chipCounts(chips)).toEqual([
      { value: 500, count: 2 },
      { value: 25, count: 1 },
    ]);
  });

  it('a value must be a positive integer, and one of the denominations when the profile lists them', () => {
    expect(valueProblem(500, [])).toBeNull();
    expect(valueProblem(500, [100, 500])).toBeNull();
    expect(valueProblem(250, [100, 500])).toMatch(/not a value in play \(chips.denominations: 100, 500\)/);
    for (const bad of [0, -5, 2.5, '100', null]) expect(valueProblem(bad, [])).toMatch(/not a chip value/);
  });
});

describe('the chips file', () => {
  it('is written 0600 and read back; a file others can read is made private with a warning', () => {
    const file = join(dir, 'sub', 'chips.json');
    saveChips(
      file,
      new Map([
        [tag(1), 100],
        [tag(2), 500],
      ]),
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'sub')).mode & 0o077).toBe(0);
    chmodSync(file, 0o644);
    const warnings: unknown[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) });
    const chips = loadChips(file, [100, 500], logger);
    expect([...chips]).toEqual([
      [tag(1), 100],
      [tag(2), 500],
    ]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(warnings)).toContain('the chips file was readable by others; made it private');
  });

  it('refuses a value not in play, a bad tag, a tag twice and a missing file with CHIPS_INVALID', () => {
    const file = join(dir, 'chips-25.json');
    saveChips(file, new Map([[tag(1), 25]]));
    const notInPlay = thrown(() => loadChips(file, [100, 500]));
    expect(notInPlay.code).toBe('CHIPS_INVALID');
    expect(notInPlay.message).toContain(`/chips/${tag(1)} 25 is not a value in play`);
    expect(thrown(() => parseChips({ zz: 100 }, 'f.json', [])).message).toBe('f.json: /zz is not a hex tag id');
    expect(thrown(() => parseChips({ [tag(1)]: 100, [tag(1).toUpperCase()]: 5 }, 'f', [])).message).toContain(
      'is listed twice',
    );
    const gone = thrown(() => loadChips(join(dir, 'none.json'), []));
    expect(gone.code).toBe('CHIPS_INVALID');
    expect(gone.message).toContain('npm run chips -- enroll');
  });

  it('a table config with a chip reader needs table.chipsFile and the seat; the path follows the config', () => {
    const config = join(dir, 'table.yaml');
    const reader = '{name: chips-2, definition: vpcd-chip-reader.json, seat: 2}';
    writeFileSync(config, `table: {id: t, seats: 6}\ndevices: [${reader}]\n`);
    expect(thrown(() => loadTableConfig(config)).message).toContain(
      '/table/chipsFile is needed by the chip reader "chips-2"',
    );
    writeFileSync(
      config,
      'table: {id: t, chipsFile: c.json}\ndevices: [{name: c, definition: vpcd-chip-reader.json}]\n',
    );
    expect(thrown(() => loadTableConfig(config)).message).toContain('/devices/0/seat a chip reader needs the seat');
    writeFileSync(config, `table: {id: t, seats: 6, chipsFile: keep/chips.json}\ndevices: [${reader}]\n`);
    expect(loadTableConfig(config).table.chipsFile).toBe(join(dir, 'keep/chips.json'));
  });
});

describe('npm run chips', () => {
  it('enrolls value by value into one 0600 file, lists the counts without tag ids, and checks chips', async () => {
    const file = join(dir, 'cli.json');
    const values = ['--values', '25,100,500'];
    const first = await cli(
      ['enroll', '--value', '500', ...values, '--simulated', '--out', file],
      `${tag(1)}\n${tag(2)}\n${tag(1)}\n`,
    );
    expect(first.code).toBe(0);
    expect(first.out).toContain('chip enrolled: 2 of 500');
    expect(first.out).toContain('already a chip of 500');
    expect(first.out).toContain('2 new chips of 500');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = await cli(
      ['enroll', '--value', '100', ...values, '--simulated', '--out', file],
      `${tag(1)}\n${tag(3)}\n`,
    );
    expect(second.code).toBe(0);
    expect(second.out).toContain('REFUSED: this tag is already a chip of 500');
    expect(second.out).toContain(`holds 3 (500×2, 100×1)`);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { chips: Record<string, number> };
    expect(saved.chips).toEqual({ [tag(1)]: 500, [tag(2)]: 500, [tag(3)]: 100 });

    const list = await cli(['list', '--chips', file], '');
    expect(list.code).toBe(0);
    expect(list.out).toContain('3 chips enrolled\n  500: 2\n  100: 1');
    expect(list.out).not.toContain(tag(1));

    const check = await cli(['check', '--simulated', '--chips', file], `${tag(3)}\n04abcdef\n\n`);
    expect(check.code).toBe(1);
    expect(check.out).toContain('  100\n  NOT ENROLLED: tag 04abcdef');
    expect(check.out).toContain('2 tags read, chips worth 100; 1 not enrolled.');
  }, 60_000);

  it('refuses a value not in play, and enroll without --value', async () => {
    const file = join(dir, 'refused.json');
    const wrong = await cli(['enroll', '--value', '250', '--values', '100,500', '--simulated', '--out', file], '');
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain('--value 250 is not a value in play (chips.denominations: 100, 500)');
    const none = await cli(['enroll', '--simulated', '--out', file], '');
    expect(none.code).toBe(2);
    expect(none.out).toContain('enroll needs --value N');
    expect(() => statSync(file)).toThrow();
  }, 60_000);
});
