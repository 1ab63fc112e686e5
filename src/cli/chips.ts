// The chip registry tool, run on the controller by the venue technician:
//   npm run chips -- enroll --value N [--config TABLE.yaml] [--out FILE] [--values LIST] [--definition FILE]
//                           [--reader PATTERN | --simulated]
//   npm run chips -- list [--config TABLE.yaml] [--chips FILE]
//   npm run chips -- check [--config TABLE.yaml] [--chips FILE] [--definition FILE] [--reader PATTERN | --simulated]
// The reader is a chip reader of the table (a pcsc-chip-reader definition: the table config's first one, or
// --definition); --simulated reads tag ids from standard input instead, one per line. Enrolled tags are never
// printed: the file is as secret as the deck (docs/chips.md, "Chip readers").
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { parseArgs } from 'node:util';
import pino, { type Logger } from 'pino';
import { definitionPath, loadDeviceDefinition, resolveDevice } from '../config/devices.ts';
import { loadTableConfig } from '../config/load.ts';
import { loadTableProfile } from '../config/rules.ts';
import { chipCounts, loadChips, saveChips, valueProblem } from '../enrolment/chips/store.ts';
import { enrollChip } from '../enrolment/chips/enrollment.ts';
import { createTagReader } from '../hardware/chip-reader/index.ts';
import { pcscChipReader } from '../hardware/chip-reader/kind.ts';
import { normalizeUid } from '../hardware/shoe/spec.ts';
import { TableError } from '../protocol/errors.ts';

const USAGE = `usage:
  npm run chips -- enroll --value N [--config TABLE.yaml] [--out FILE] [--values LIST] [--definition FILE] [--reader PATTERN | --simulated]
  npm run chips -- list [--config TABLE.yaml] [--chips FILE]
  npm run chips -- check [--config TABLE.yaml] [--chips FILE] [--definition FILE] [--reader PATTERN | --simulated]
  enroll           binds each new tag passed over the reader to the value N; adds to the file when it exists
  list             how many chips of each value the file holds
  check            says what each tag passed over the reader is (a value, or not enrolled)
  --config         take the chips file (table.chipsFile), the values in play (the profile's chips.denominations)
                   and the reader (its first pcsc-chip-reader device) from a table config
  --out / --chips  the chips file (default chips.json)
  --values         the values in play, e.g. 25,100,500 (default: the config's profile; none: any integer)
  --definition     the reader's device definition (a pcsc-chip-reader file)
  --reader         a reader-name pattern instead of the definition's (pcsc_scan lists reader names)
  --simulated      read tag ids from standard input, one per line
  Enrolling and checking end with Enter (an empty line, or the end of the input, with --simulated).`;

function out(line: string): void {
  process.stdout.write(`${line}\n`);
}

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

interface TableSide {
  chipsFile: string | null;
  denominations: number[];
  reader: { file: string | null; definition: string; port: string | undefined } | null;
}

/** What a table config says about its chips, so the technician enrolls exactly what the table will read. */
function fromTableConfig(configFile: string): TableSide {
  const config = loadTableConfig(configFile);
  const configDir = dirname(resolve(configFile));
  const { profile } = loadTableProfile(config);
  const denominations = [...(profile.chips?.denominations ?? [])];
  const reader = config.devices.map((ref) => resolveDevice(ref, configDir)).find((d) => d.kind === pcscChipReader.kind);
  return {
    chipsFile: config.table.chipsFile,
    denominations,
    reader: reader
      ? {
          file: reader.simulated ? null : definitionPath(reader.ref.definition, configDir),
          definition: reader.ref.definition,
          port: reader.ref.port,
        }
      : null,
  };
}

function parseValues(text: string): number[] {
  const values = text.split(',').map((v) => Number(v.trim()));
  for (const v of values) {
    const problem = valueProblem(v, []);
    if (problem) fail(`--values: "${text}": ${String(v)} ${problem}`);
  }
  return values.sort((a, b) => a - b);
}

type Values = ReturnType<typeof readCommand>['values'];

/** What one pass of tags does: each tag as it comes, and the summary once the technician presses Enter. */
interface TagSession {
  onTag(uid: string): void;
  onEnd(): void;
}

function readCommand() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      value: { type: 'string' },
      values: { type: 'string' },
      out: { type: 'string' },
      chips: { type: 'string' },
      definition: { type: 'string' },
      config: { type: 'string' },
      reader: { type: 'string' },
      simulated: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const command = positionals[0];
  if (values.help || !['enroll', 'list', 'check'].includes(command ?? '') || positionals.length > 1)
    fail(USAGE, values.help ? 0 : 2);
  if (values.simulated && values.reader !== undefined) fail('--reader and --simulated exclude each other');
  return { command: command as 'enroll' | 'list' | 'check', values };
}

async function main(): Promise<void> {
  const { command, values } = readCommand();
  const logger = pino({ name: 'chips', level: process.env.LOG_LEVEL ?? 'error' }, pino.destination(2));
  const table = values.config !== undefined ? fromTableConfig(values.config) : null;
  const denominations = values.values !== undefined ? parseValues(values.values) : (table?.denominations ?? []);
  const file = values.out ?? values.chips ?? table?.chipsFile ?? 'chips.json';
  if (command === 'list') return listChips(loadChips(file, denominations, logger), file);
  const session =
    command === 'enroll'
      ? enrolling(values.value, file, denominations, logger)
      : checking(loadChips(file, denominations, logger), file);
  let stopReader: () => Promise<void> = () => Promise.resolve();
  let ended = false;
  const end = (): void => {
    if (ended) return;
    ended = true;
    session.onEnd();
    void stopReader().then(() => process.exit());
  };
  const lines = createInterface({ input: process.stdin });
  if (values.simulated || (table?.reader && table.reader.file === null && values.definition === undefined))
    return readTagLines(lines, session, end);
  const reader = openReader(values, table, session);
  stopReader = () => reader.stop();
  lines.on('line', end);
  lines.on('close', end);
  process.on('SIGINT', () => {
    out('Interrupted; nothing more written.');
    void reader.stop().then(() => process.exit(1));
  });
  out('Waiting for the chip reader…');
  await reader.start({
    submit: (input) => {
      if (input.type !== 'device') return;
      out(
        input.online
          ? `Reader ready (${String(input.detail)}); pass the chips, then press Enter.`
          : `Reader offline: ${String(input.detail)}`,
      );
    },
    logger,
    now: () => Date.now(),
  });
}

function listChips(chips: ReadonlyMap<string, number>, file: string): void {
  out(`${file}: ${chips.size} chip${chips.size === 1 ? '' : 's'} enrolled`);
  for (const { value, count } of chipCounts(chips)) out(`  ${value}: ${count}`);
}

/** `enroll`: each new tag becomes a chip of `raw`'s value; the file is written once, at the end, if anything came. */
function enrolling(raw: string | undefined, file: string, denominations: number[], logger: Logger): TagSession {
  if (raw === undefined) fail('enroll needs --value N: the value of the chips you are about to pass');
  const value = Number(raw);
  const problem = valueProblem(value, denominations);
  if (problem) fail(`--value ${raw} ${problem}`);
  let chips: ReadonlyMap<string, number> = existsSync(file) ? loadChips(file, [], logger) : new Map();
  const before = chips.size;
  out(`Enrolling chips of ${value} into ${file} (${before} chip${before === 1 ? '' : 's'} there now).`);
  return {
    onTag(uid) {
      const r = enrollChip(chips, value, uid);
      chips = r.chips;
      const o = r.outcome;
      if (o.kind === 'enrolled') out(`  chip enrolled: ${o.count} of ${o.value}`);
      else if (o.kind === 'again') out(`  already a chip of ${o.value}`);
      else if (o.kind === 'other-value') out(`  REFUSED: this tag is already a chip of ${o.value}`);
      else out(`  REFUSED: "${o.raw}" is not a tag id`);
    },
    onEnd() {
      const added = chips.size - before;
      if (added > 0) saveChips(file, chips);
      const counts = chipCounts(chips).map((c) => `${c.value}×${c.count}`);
      out(
        `${added} new chip${added === 1 ? '' : 's'} of ${value}; ${file} holds ${chips.size} (${counts.join(', ') || 'none'}), mode 0600.`,
      );
    },
  };
}

/** `check`: what each tag is worth; the exit code says whether any tag was not enrolled. */
function checking(chips: ReadonlyMap<string, number>, file: string): TagSession {
  let total = 0;
  let read = 0;
  const foreign = new Set<string>();
  out(`Pass the chips over the reader (${chips.size} enrolled in ${file}).`);
  return {
    onTag(uid) {
      read++;
      const value = chips.get(uid);
      if (value === undefined) foreign.add(uid);
      else total += value;
      out(value === undefined ? `  NOT ENROLLED: tag ${uid}` : `  ${value}`);
    },
    onEnd() {
      out(`${read} tag${read === 1 ? '' : 's'} read, chips worth ${total}; ${foreign.size} not enrolled.`);
      process.exitCode = foreign.size === 0 ? 0 : 1;
    },
  };
}

/** --simulated (or a config whose reader is simulated): tag ids typed or piped in, one a line; an empty line ends. */
function readTagLines(lines: Interface, session: TagSession, end: () => void): void {
  lines.on('line', (line) => {
    if (line.trim() === '') return end();
    const uid = normalizeUid(line.trim());
    if (uid === null) out(`  REFUSED: "${line.trim()}" is not a tag id`);
    else session.onTag(uid);
  });
  lines.on('close', end);
  out('Reader ready (simulated: one tag id a line).');
}

/** The real reader: --definition, else the config's chip reader; --reader overrides its name pattern. */
function openReader(values: Values, table: TableSide | null, session: TagSession) {
  const definition = values.definition ?? table?.reader?.definition;
  if (definition === undefined)
    fail('name the reader: --config (with a pcsc-chip-reader device), --definition FILE or --simulated');
  const defFile =
    values.definition === undefined && table?.reader?.file
      ? table.reader.file
      : definitionPath(definition, process.cwd());
  const port = values.reader ?? table?.reader?.port;
  return createTagReader(
    loadDeviceDefinition(defFile),
    { name: 'chips', definition, ...(port !== undefined ? { port } : {}) },
    { arrived: (uid) => session.onTag(uid), left: () => {} },
  );
}

main().catch((err: unknown) => {
  if (err instanceof TableError) fail(err.message, 2);
  fail(String((err as Error).stack ?? err), 2);
});
