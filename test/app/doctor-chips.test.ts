// `npm run doctor` on the enrolled chips (table.chipsFile, docs/chips.md): a sound file, a missing, unreadable or
// public one, values not in play, tags listed twice, a chip reader without a chips file and a file without a reader,
// on real files in a temp dir, through runDoctor as the CLI runs it (and once through the CLI itself).
import { TEST_DIR } from '../helpers/paths.ts';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDoctor } from '../../src/app/doctor/run.ts';
import type { CheckResult } from '../../src/app/doctor/report.ts';
import { saveChips } from '../../src/enrolment/chips/store.ts';
import { freePort } from '../helpers/mosquitto.ts';

const root = join(TEST_DIR, '..');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pokertable-doctor-chips-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tag = (i: number) => `04c0${i.toString(16).padStart(2, '0')}a1b2c3d4`;
const READER = { name: 'chips-2', definition: 'simulated-pcsc-chip-reader', seat: 2 };

/** A table config in its own folder, chips.json beside it when `chips` is given (as enrollment writes it). */
async function venue(
  name: string,
  opts: { chips?: Map<string, number> | string; chipsFile?: string | null; devices?: object[] } = {},
): Promise<{ config: string; chipsFile: string }> {
  const home = join(dir, name);
  mkdirSync(home);
  const chipsFile = join(home, 'chips.json');
  if (opts.chips instanceof Map) saveChips(chipsFile, opts.chips);
  else if (typeof opts.chips === 'string') writeFileSync(chipsFile, opts.chips, { mode: 0o600 });
  const config = join(home, 'table.yaml');
  writeFileSync(
    config,
    JSON.stringify({
      table: {
        id: 't1',
        seats: 6,
        deckFile: null,
        chipsFile: opts.chipsFile === undefined ? 'chips.json' : opts.chipsFile,
        rules: { chips: { mode: 'tracked', denominations: [25, 100, 500] } },
      },
      storage: { dir: join(home, 'var') },
      mqtt: { embedded: { port: await freePort(), wsPort: null } },
      http: { port: null },
      devices: opts.devices ?? [READER],
    }),
  );
  return { config, chipsFile };
}

const chipsOf = (results: CheckResult[]) => results.filter((r) => r.subject === 'chips');
const sound = new Map([
  [tag(1), 500],
  [tag(2), 100],
  [tag(3), 100],
]);

describe('doctor: the chips file', () => {
  it('passes an enrolled file: how many chips of each value, mode 0600', async () => {
    const { config, chipsFile } = await venue('sound', { chips: sound });
    const results = await runDoctor(config);
    expect(chipsOf(results)).toEqual([
      { status: 'ok', subject: 'chips', detail: `${chipsFile}: 3 chips (500 ×1, 100 ×2), mode 0600` },
    ]);
    expect(results.filter((r) => r.status === 'fail')).toEqual([]);
  });

  it('fails a missing file, naming the enroll command', async () => {
    const { config, chipsFile } = await venue('missing');
    expect(chipsOf(await runDoctor(config))).toEqual([
      {
        status: 'fail',
        subject: 'chips',
        detail: `${chipsFile} does not exist`,
        fix: `enroll the chips with \`npm run chips -- enroll --config ${config} --value N --out ${chipsFile}\`, or fix table.chipsFile`,
      },
    ]);
  });

  it('fails a file that cannot be read', async () => {
    const { config, chipsFile } = await venue('unreadable');
    mkdirSync(chipsFile); // unreadable as a file for any user, root included
    expect(chipsOf(await runDoctor(config))).toMatchObject([
      { status: 'fail', detail: `${chipsFile} cannot be read (EISDIR)` },
    ]);
  });

  it('fails a file others can read, as the deck: chmod 600', async () => {
    const { config, chipsFile } = await venue('public', { chips: sound });
    chmodSync(chipsFile, 0o644);
    expect(chipsOf(await runDoctor(config))).toEqual([
      {
        status: 'fail',
        subject: 'chips',
        detail: `${chipsFile} has mode 0644: others can read which tag is which chip`,
        fix: `chmod 600 ${chipsFile}`,
      },
    ]);
  });

  it('fails values not in play and tags listed twice, all of them, in the words the table uses', async () => {
    const chips =
      `{"version":1,"chips":{"${tag(1)}":500,"${tag(2)}":1000,"${tag(3)}":1000,"${tag(4)}":5,` +
      `"${tag(5).toUpperCase()}":100,"${tag(5)}":100,"${tag(6)}":25,"${tag(6)}":500}}`;
    const { config, chipsFile } = await venue('wrong', { chips });
    const [found, ...rest] = chipsOf(await runDoctor(config));
    expect(rest).toEqual([]);
    expect(found).toMatchObject({ status: 'fail', fix: expect.stringContaining('npm start` refuses these chips') });
    expect(found!.detail).toBe(
      `${chipsFile}: 2 chips of 1000, 1 chip of 5: not values in play (chips.denominations: 25, 100, 500); ` +
        `/chips/${tag(5)} is listed twice (also as /chips/${tag(5).toUpperCase()}); ` +
        `/chips/${tag(6)} is written twice in the file`,
    );

    // A hand-made bare map: ids that are no tag, values that are no chip; four shown, the rest counted.
    const bare = `{"zz-not-hex":100,"${tag(1)}":0,"${tag(2)}":"500","${tag(3)}":25.5,"${tag(4)}":-1,"${tag(5)}":100}`;
    const many = await venue('many', { chips: bare });
    expect(chipsOf(await runDoctor(many.config))[0]!.detail).toBe(
      `${many.chipsFile}: /zz-not-hex is not a hex tag id; /${tag(1)} 0 is not a chip value (an integer ≥ 1); ` +
        `/${tag(2)} "500" is not a chip value (an integer ≥ 1); /${tag(3)} 25.5 is not a chip value (an integer ≥ 1)` +
        '; and 1 more',
    );
  });

  it('a chip reader without a chips file is the config’s own refusal, as `npm start` says it', async () => {
    const { config } = await venue('no-file', { chipsFile: null });
    const results = await runDoctor(config);
    expect(results[0]).toMatchObject({
      status: 'fail',
      subject: 'config',
      detail: expect.stringContaining('/table/chipsFile is needed by the chip reader "chips-2"'),
    });
  });

  it('warns about a chips file no chip reader reads, and an empty one; a table with neither has no chips line', async () => {
    const unread = await venue('no-reader', { chips: sound, devices: [] });
    expect(chipsOf(await runDoctor(unread.config))).toMatchObject([
      { status: 'warn', detail: expect.stringContaining('no chip reader is configured') },
    ]);
    const empty = await venue('empty', { chips: new Map() });
    expect(chipsOf(await runDoctor(empty.config))).toMatchObject([
      { status: 'warn', detail: `${empty.chipsFile} holds no chips: every chip read will be an unknown tag` },
    ]);
    const none = await venue('none', { chipsFile: null, devices: [] });
    expect(chipsOf(await runDoctor(none.config))).toEqual([]);
  });

  it('prints the chips line from the CLI and exits 1 on a chips problem', async () => {
    const { config, chipsFile } = await venue('cli', { chips: sound });
    chmodSync(chipsFile, 0o640);
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/doctor.ts', '--config', config], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(cli.stdout).toContain(`FAIL  chips`);
    expect(cli.stdout).toContain(`-> chmod 600 ${chipsFile}`);
    expect(cli.status).toBe(1);
  }, 60_000);
});
