// An equity worker that dies (exit 3) on a spot whose first hand is As Ah, and otherwise answers as the real one
// does: for test/app/equity-worker.test.ts, a thread that stops in the middle of a feed.
import { parentPort } from 'node:worker_threads';
import { equityOf } from '../../src/domain/equity/equity.ts';
import type { EquityRequest } from '../../src/app/equity-worker.ts';

parentPort?.on('message', (request: EquityRequest) => {
  if (request.spot.holes[0]?.join('') === 'AsAh') process.exit(3);
  parentPort!.postMessage({ id: request.id, result: equityOf(request.spot) });
});
