// A second table controller, as far as the journal is concerned: opens the store on DIR, prints `held`, and keeps
// it open until killed (or until its stdin closes, then it closes the store and exits).
// Usage: node --import tsx test/helpers/store-holder.ts DIR
import { openStore } from '../../src/store/store.ts';

const [dir] = process.argv.slice(2) as [string];
try {
  const store = openStore({ dir });
  process.stdout.write('held\n');
  process.stdin.resume();
  process.stdin.on('end', () => {
    store.close();
    process.exit(0);
  });
} catch (err) {
  process.stdout.write(`refused ${(err as { code?: string }).code ?? ''} ${(err as Error).message}\n`);
  process.exit(3);
}
