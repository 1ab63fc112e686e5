// npm run fleet -- --tables N --broker URL [--hands H] [...]
// N simulated tables and the room service on one broker, a whole tournament, checked by a room-wide subscriber
// (docs/scaling.md). The last line is `fleet: N tables, E events, lost L, out of order O, p99 X ms`.
// Exit codes: 0 nothing lost or out of order and the tournament ended as asked, 1 otherwise, 2 bad flags.
import { runFleet } from '../fleet/run.ts';
import { parseFleetArgs, USAGE } from './fleet-args.ts';

async function main(): Promise<number> {
  const args = parseFleetArgs(process.argv.slice(2));
  if ('error' in args) {
    process.stderr.write(`${args.error ? `${args.error}\n` : ''}${USAGE}`);
    return args.error ? 2 : 0;
  }
  const result = await runFleet({ ...args, print: (line) => process.stdout.write(`${line}\n`) });
  return result.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`fleet: ${String((e as Error).stack ?? e)}\n`);
    process.exit(1);
  },
);
