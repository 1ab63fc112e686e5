// Fuzzed payloads for the room's `room/<id>/cmd/<name>` (issue 22): valid room commands, the same mutated (fields
// dropped, retyped, added: prototype names, a 70 KB `extra`, arrays nested hundreds deep), oversized structures
// (a 5,000-level levels-start), names that are not valid Unicode, broken JSON text and random bytes. Seeded: the same
// seed gives the same payloads (test/room/room-fuzz-mosquitto.test.ts).
import { seededRandom } from './fuzz-payloads.ts';

export interface RoomFuzzPayload {
  /** The command's name, the last topic level. */
  name: string;
  payload: Buffer;
}

const NAMES = ['register', 'levels-start', 'levels-pause', 'levels-resume', 'balance-at', 'open-table', 'setup'];
const ODD = ['__proto__', 'constructor', 'toString', 'extra', 'valueOf', 'type', 'at', ''];

export function roomFuzzer(seed: number): () => RoomFuzzPayload {
  const r = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const level = () => (r() < 0.2 ? { break: true, minutes: 10 } : { smallBlind: 100, bigBlind: 200, minutes: 20 });
  const odd = (): unknown => {
    switch (int(0, 6)) {
      case 0:
        return 'x'.repeat(70_000);
      case 1: {
        const n = int(33, 600);
        return JSON.parse('['.repeat(n) + ']'.repeat(n)) as unknown;
      }
      case 2:
        return { polluted: true };
      case 3:
        return null;
      case 4:
        return int(-5, 5);
      case 5:
        return '\ud800';
      default:
        return [1, 'two', { three: 3 }];
    }
  };
  const valid = (): { name: string; body: Record<string, unknown> } => {
    const name = pick(NAMES);
    const body: Record<string, unknown> = r() < 0.7 ? { id: `f-${int(0, 9999)}` } : {};
    if (name === 'register')
      body.player = pick([`P${int(1, 400)}`, ' Ann ', 'ann', '\uff21nn', '\ud800', 'x'.repeat(150)]);
    if (name === 'levels-start') body.levels = Array.from({ length: r() < 0.1 ? 5000 : int(1, 30) }, level);
    if (name === 'balance-at') body.players = int(0, 5);
    if (name === 'open-table') body.table = pick(['A', 'B', 'C', '../x']);
    if (name === 'setup') Object.assign(body, { tables: [{ id: 'A', seats: 6 }], breakOrder: ['A'], profile: 'tda' });
    return { name, body };
  };
  const mutate = (body: Record<string, unknown>): Record<string, unknown> => {
    const copy = { ...body };
    for (let n = int(1, 2); n > 0; n--) {
      const keys = Object.keys(copy);
      if (r() < 0.3 && keys.length > 0) delete copy[pick(keys)];
      else if (r() < 0.5 && keys.length > 0) copy[pick(keys)] = odd();
      // an own property named like a prototype's, as JSON.parse makes it
      else
        Object.defineProperty(copy, pick(ODD), { value: odd(), enumerable: true, configurable: true, writable: true });
    }
    return copy;
  };
  return () => {
    const { name, body } = valid();
    const topicName = r() < 0.05 ? pick(['fly', 'result-x', 'toString', 'Register']) : name;
    const kind = r();
    let payload: Buffer;
    if (kind < 0.35) payload = Buffer.from(JSON.stringify(body));
    else if (kind < 0.75) payload = Buffer.from(JSON.stringify(mutate(body)));
    else if (kind < 0.85) payload = Buffer.from(JSON.stringify(body).slice(0, -int(1, 5)));
    else if (kind < 0.93) payload = Buffer.from(Array.from({ length: int(1, 300) }, () => int(0, 255)));
    else payload = Buffer.from(JSON.stringify(pick([null, 1, 'x', [], [body], true])));
    return { name: topicName, payload };
  };
}
