// The deck registry tool, run on the controller by the venue technician and the floor:
//   npm run deck -- enroll [--out FILE] [--force] [--definition FILE] [--reader PATTERN | --simulated]
//   npm run deck -- verify [--deck FILE] [--definition FILE] [--reader PATTERN | --simulated]
// The shoe is the table's own (a pcsc-shoe definition, acr122u-shoe.json by default); --simulated reads tag ids from
// standard input instead, one per line. Enrolled tags are never printed: the map must not leave the controller.
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { dirname, resolve } from 'node:path';
import { definitionPath, loadDeviceDefinition, resolveDevice } from '../config/devices.ts';
import { loadTableConfig } from '../config/load.ts';
import { TableError } from '../domain/errors.ts';
import { begin, createEnrollment, enrollRead, expected, pause, type EnrollState } from '../enrolment/deck/enrollment.ts';
import { loadDeck, saveDeck } from '../enrolment/deck/store.ts';
import { formatReport, verifyReads } from '../enrolment/deck/verify.ts';
import { createShoe, createSimulatedShoe } from '../hardware/shoe/index.ts';
import { pcscShoe } from '../hardware/shoe/kind.ts';
import type { Device } from '../hardware/types.ts';
import type { RawInput } from '../runtime/types.ts';

const USAGE = `usage:
  npm run deck -- enroll [--config TABLE.yaml] [--out FILE] [--force] [--definition FILE] [--reader PATTERN | --simulated]
  npm run deck -- verify [--config TABLE.yaml] [--deck FILE] [--definition FILE] [--reader PATTERN | --simulated]
  --config         take the deck file (table.deckFile) and the shoe (its pcsc-shoe device) from a table config
  --out / --deck   the deck file (default deck.json; the table config's table.deckFile points to it)
  --definition     the shoe's device definition (default acr122u-shoe.json from devices/)
  --reader         a reader-name pattern instead of the definition's (pcsc_scan lists reader names)
  --simulated      read tag ids from standard input, one per line (an empty line ends a verify)`;

// In this tool nothing else can come between two reads, so the same tag again within this window is a bounce.
const BOUNCE_MS = 500;

type Flow = { shoe: Device; onInput(input: RawInput): void; onLine(line: string | null): void };

function out(line: string): void {
  process.stdout.write(`${line}\n`);
}

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      deck: { type: 'string' },
      force: { type: 'boolean', default: false },
      definition: { type: 'string' },
      config: { type: 'string' },
      reader: { type: 'string' },
      simulated: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const command = positionals[0];
  if (values.help || (command !== 'enroll' && command !== 'verify') || positionals.length > 1)
    fail(USAGE, values.help ? 0 : 2);
  if (values.simulated && values.reader !== undefined) fail('--reader and --simulated exclude each other');

  // The shoe's own warnings repeat what this tool prints as "Reader offline: …"; keep stderr for real trouble.
  const logger = pino({ name: 'deck', level: process.env.LOG_LEVEL ?? 'error' }, pino.destination(2));
  const table = values.config !== undefined ? fromTableConfig(values.config) : null;
  const simulated =
    values.simulated || (table?.simulated && values.definition === undefined) ? createSimulatedShoe('shoe') : null;
  let shoe: Device;
  if (simulated) shoe = simulated;
  else {
    const definition = values.definition ?? table?.definition ?? 'acr122u-shoe.json';
    const def =
      values.definition === undefined && table?.file
        ? loadDeviceDefinition(table.file)
        : loadDeviceDefinition(definitionPath(definition, process.cwd()));
    const port = values.reader ?? table?.port;
    shoe = createShoe(
      def,
      { name: 'shoe', definition, ...(port !== undefined ? { port } : {}) },
      { repeatReadMs: BOUNCE_MS },
    );
  }

  let flow: Flow;
  if (command === 'enroll') {
    const file = values.out ?? table?.deckFile ?? 'deck.json';
    if (existsSync(file) && !values.force) fail(`${file} exists: it is an enrolled deck; add --force to replace it`);
    flow = enrollFlow(shoe, file);
  } else {
    const file = values.deck ?? table?.deckFile ?? 'deck.json';
    flow = verifyFlow(shoe, loadDeck(file, logger));
  }

  const finish = async (code: number): Promise<never> => {
    await shoe.stop();
    process.exit(code);
  };
  exitWith = finish;
  process.on('SIGINT', () => {
    out('Interrupted.');
    void finish(1);
  });
  // Lines on stdin: tag ids in --simulated mode; otherwise the operator's Enter (end of a verify).
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (simulated) {
      if (line.trim() === '') flow.onLine(null);
      else if (simulated.started) {
        try {
          simulated.read(line.trim());
        } catch (err) {
          out(`  REFUSED: ${(err as Error).message}`);
        }
      }
    } else flow.onLine(line);
  });
  lines.on('close', () => flow.onLine(null));

  await shoe.start({ submit: (input) => flow.onInput(input), logger, now: () => Date.now() });
}

let exitWith: (code: number) => Promise<never> = (code) => process.exit(code);

/** The deck file and the shoe a table config names, so the technician enrolls exactly what the table will use. */
function fromTableConfig(configFile: string): {
  deckFile: string | null;
  definition: string;
  file: string | null;
  port: string | undefined;
  simulated: boolean;
} {
  const config = loadTableConfig(configFile);
  const configDir = dirname(resolve(configFile));
  const shoes = config.devices.map((ref) => resolveDevice(ref, configDir)).filter((d) => d.kind === pcscShoe.kind);
  const shoe = shoes[0];
  if (!shoe) fail(`${config.source}: no pcsc-shoe device in devices; use --definition or --simulated`);
  return {
    deckFile: config.table.deckFile,
    definition: shoe.ref.definition,
    file: shoe.simulated ? null : definitionPath(shoe.ref.definition, configDir),
    port: shoe.ref.port,
    simulated: shoe.simulated,
  };
}

function enrollFlow(shoe: Device, file: string): Flow {
  let state: EnrollState = createEnrollment();
  out('Waiting for the shoe reader…');
  const prompt = (): void => {
    const card = expected(state);
    if (card) out(`Present ${card} (${state.tags.size + 1}/${state.order.length})`);
  };
  return {
    shoe,
    onInput(input) {
      if (input.type === 'device') {
        if (input.online) {
          out(`Reader ready (${String(input.detail)}).`);
          state = begin(state);
          prompt();
        } else {
          out(`Reader offline: ${String(input.detail)}`);
          state = pause(state);
        }
        return;
      }
      if (input.type !== 'card') return;
      const r = enrollRead(state, String(input.uid));
      state = r.state;
      const o = r.outcome;
      switch (o.kind) {
        case 'enrolled':
          out(`  ${o.card} enrolled (${o.count}/${o.total})`);
          if (o.next) prompt();
          else {
            saveDeck(file, state.tags);
            out(`Deck enrolled: ${o.total} cards written to ${file} (mode 0600). Keep it on this controller.`);
            void exitWith(0);
          }
          return;
        case 'repeated-tag':
          out(`  REFUSED: this tag is already ${o.card}; present ${o.expected}`);
          return;
        case 'not-expecting':
          out('  REFUSED: no card expected now');
          return;
        case 'bad-uid':
          out(`  REFUSED: "${o.raw}" is not a tag id`);
          return;
      }
    },
    onLine(line) {
      if (line === null && state.phase !== 'done') {
        out(`Enrollment not finished (${state.tags.size}/${state.order.length}); nothing written.`);
        void exitWith(1);
      }
    },
  };
}

function verifyFlow(shoe: Device, deck: Map<string, string>): Flow {
  const uids: string[] = [];
  let started = false;
  let ended = false;
  out('Waiting for the shoe reader…');
  const end = (): void => {
    if (ended) return;
    ended = true;
    const report = verifyReads(deck, uids);
    for (const line of formatReport(report)) out(line);
    void exitWith(report.ok ? 0 : 1);
  };
  return {
    shoe,
    onInput(input) {
      if (input.type === 'device') {
        if (input.online && !started) {
          started = true;
          out(
            `Reader ready (${String(input.detail)}). Read the whole deck in any order (${deck.size} cards), then press Enter.`,
          );
        } else if (!input.online) out(`Reader offline: ${String(input.detail)}`);
        return;
      }
      if (input.type !== 'card' || ended) return;
      const uid = String(input.uid);
      uids.push(uid);
      const card = deck.get(uid);
      out(`  read ${uids.length}: ${card ? 'known' : 'FOREIGN tag'}`);
    },
    onLine() {
      end();
    },
  };
}

main().catch((err: unknown) => {
  if (err instanceof TableError) fail(`${err.message}`, 2);
  fail(String((err as Error).stack ?? err), 2);
});
