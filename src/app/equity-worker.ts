// The equity worker (a worker_threads thread, started by equity-pool.ts): the exact enumeration runs here, never on
// the event loop that reads cards. One request at a time, answered with its id.
import { parentPort } from 'node:worker_threads';
import { equityOf, type EquitySpot } from '../domain/equity/equity.ts';

export interface EquityRequest {
  id: number;
  spot: EquitySpot;
}

parentPort?.on('message', (request: EquityRequest) => {
  try {
    parentPort!.postMessage({ id: request.id, result: equityOf(request.spot) });
  } catch (err) {
    parentPort!.postMessage({ id: request.id, error: (err as Error).message });
  }
});
