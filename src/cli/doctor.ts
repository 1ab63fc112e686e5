// `npm run doctor -- [--config FILE]`: checks a table's config, devices, broker, storage, deck and chips file, says
// plainly what is wrong and what to do. Exit 0 when nothing failed (warnings allowed), 1 otherwise, 2 for bad flags.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runDoctor } from '../app/doctor/run.ts';
import { exitCodeOf, formatReport } from '../app/doctor/report.ts';

const DEFAULT_CONFIG = '/etc/pokertable/table.yaml';
const USAGE = `Usage: npm run doctor -- [--config FILE]   (default ${DEFAULT_CONFIG})`;

async function main(argv: string[]): Promise<number> {
  let config: string;
  try {
    const { values } = parseArgs({
      args: argv,
      options: { config: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    config = values.config ?? DEFAULT_CONFIG;
  } catch (error) {
    process.stderr.write(`doctor: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (!existsSync(config)) {
    process.stderr.write(`doctor: no config at ${config}\n${USAGE}\n`);
    return 1;
  }
  const results = await runDoctor(config);
  process.stdout.write(`pokertable doctor: ${config}\n\n${formatReport(results)}\n`);
  return exitCodeOf(results);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`doctor: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
