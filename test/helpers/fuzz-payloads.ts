// Fuzzed payloads for `<base>/input` and `<base>/cmd/<name>`: valid inputs and commands, the same mutated (fields
// dropped, retyped or added — prototype names, padding, deep nesting — types changed), broken JSON text, random
// bytes and oversized payloads. Seeded: the same seed gives the same payloads (test/mqtt/mqtt-fuzz.test.ts, bench/fuzz.ts).

export interface FuzzPayload {
  /** `input` or `cmd/<name>`, under the table's base topic. */
  topic: string;
  payload: Buffer;
}

export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BUTTONS = ['check', 'call', 'raise', 'fold', 'allin', 'exposed', 'burn', 'misdeal', 'bet', 'sing'];
const CARDS = ['As', 'Kd', 'Qh', 'Jc', 'Ts', '9d', '2c', 'Zz', 'as', '10h'];
const COMMANDS = ['setup', 'seat-player', 'remove-player', 'set-button', 'penalty', 'levels-start', 'levels-pause'];
const ODD_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'pad', 'color', '', 'type'];

export function fuzzer(seed: number, currentSeq: () => number = () => 0): () => FuzzPayload {
  const r = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const ids = Array.from({ length: 50 }, (_, i) => `p-${seed}-${i}`);

  const anyValue = (depth = 0): unknown => {
    switch (int(0, 11)) {
      case 0:
        return null;
      case 1:
        return r() < 0.5;
      case 2:
        return int(-5, 20);
      case 3:
        return pick([Number.MAX_SAFE_INTEGER, -0, 1e308, 0.5, 2 ** 53 + 2]);
      case 4:
        return pick(CARDS);
      case 5:
        return pick(BUTTONS);
      case 6:
        return 'x'.repeat(int(0, 3) === 0 ? int(1000, 6000) : int(0, 20));
      case 7:
        return '\ud800\u0000\u202e' + String.fromCharCode(int(0, 0xffff));
      case 8:
        return depth < 3 ? [anyValue(depth + 1), anyValue(depth + 1)] : [];
      case 9:
        return depth < 3 ? { [pick(ODD_NAMES)]: anyValue(depth + 1) } : {};
      case 10: {
        const n = int(10, 600);
        return JSON.parse('['.repeat(n) + ']'.repeat(n)) as unknown;
      }
      default:
        return pick(ids);
    }
  };

  const validInput = (): Record<string, unknown> => {
    const base: Record<string, unknown> = (() => {
      switch (int(0, 4)) {
        case 0:
        case 1: {
          const button = pick(BUTTONS.slice(0, 8));
          const p: Record<string, unknown> = { type: 'panel', button };
          if (button === 'burn' || (button === 'exposed' && r() < 0.5)) p.card = pick(CARDS.slice(0, 7));
          if (button === 'allin' && r() < 0.3) p.raises = false;
          return p;
        }
        case 2:
          return { type: 'seat', seat: int(1, 7), occupied: r() < 0.5 };
        case 3:
          return { type: 'timebank', seat: int(1, 7) };
        default:
          return r() < 0.5
            ? { type: 'clock-request', by: 'seat', seat: int(1, 7) }
            : { type: 'clock-request', by: 'dealer' };
      }
    })();
    if (r() < 0.5) base.id = pick(ids);
    if (r() < 0.4) base.seq = Math.max(0, currentSeq() - int(0, 3));
    if (r() < 0.1) base.at = int(0, 10);
    return base;
  };

  const validCommand = (): { name: string; body: Record<string, unknown> } => {
    const name = pick(COMMANDS);
    const body: Record<string, unknown> = {};
    if (r() < 0.7) body.id = `c-${int(0, 999)}`;
    switch (name) {
      case 'setup':
        Object.assign(body, { seats: int(2, 10), profile: pick(['tda', 'bfp', 'nope']) });
        if (r() < 0.3) body.rules = { presence: { debounceMs: int(0, 9000) } };
        break;
      case 'seat-player':
        Object.assign(body, { seat: int(1, 10), player: `P${int(1, 99)}` });
        break;
      case 'remove-player':
      case 'set-button':
        body.seat = int(1, 10);
        break;
      case 'penalty':
        Object.assign(body, { seat: int(1, 10), rounds: int(1, 3) });
        break;
      case 'levels-start':
        body.levels = Array.from({ length: int(1, 40) }, () =>
          r() < 0.2 ? { break: true, minutes: 10 } : { smallBlind: 100, bigBlind: 200, ante: 25, minutes: 20 },
        );
        break;
    }
    return { name, body };
  };

  const mutate = (obj: Record<string, unknown>): Record<string, unknown> => {
    const copy: Record<string, unknown> = { ...obj };
    const keys = Object.keys(copy);
    for (let n = int(1, 3); n > 0; n--) {
      const op = int(0, 3);
      if (op === 0 && keys.length > 0) delete copy[pick(keys)];
      else if (op === 1 && keys.length > 0) copy[pick(keys)] = anyValue();
      else if (op === 2)
        Object.defineProperty(copy, pick(ODD_NAMES), {
          value: anyValue(),
          enumerable: true,
          configurable: true,
          writable: true,
        });
      else copy.type = pick(['panel', 'card', 'command', 'tick', 'device', 'unserialisable', 'Panel', '']);
    }
    return copy;
  };

  const breakText = (text: string): Buffer => {
    const bytes = Buffer.from(text);
    switch (int(0, 3)) {
      case 0:
        return bytes.subarray(0, int(0, bytes.length));
      case 1: {
        const at = int(0, Math.max(0, bytes.length - 1));
        if (bytes.length > 0) bytes[at] = int(0, 255);
        return bytes;
      }
      case 2:
        return Buffer.concat([bytes, bytes]);
      default:
        return Buffer.from(`${text.slice(0, -1)},"x":${'['.repeat(int(1, 50))}`);
    }
  };

  return () => {
    const toCommand = r() < 0.3;
    const { topic, value } = toCommand
      ? (() => {
          const { name, body } = validCommand();
          return { topic: `cmd/${r() < 0.05 ? pick(['fly', 'levels-set', 'x', 'toString']) : name}`, value: body };
        })()
      : { topic: 'input', value: validInput() };
    const kind = r();
    let payload: Buffer;
    if (kind < 0.35) payload = Buffer.from(JSON.stringify(value));
    else if (kind < 0.7) payload = Buffer.from(JSON.stringify(mutate(value)));
    else if (kind < 0.85) payload = breakText(JSON.stringify(value));
    else if (kind < 0.93) payload = Buffer.from(Array.from({ length: int(0, 300) }, () => int(0, 255)));
    else if (kind < 0.97) payload = Buffer.from(JSON.stringify(pick([null, 1, 'x', [], [value], true])));
    else payload = Buffer.from(JSON.stringify({ ...value, pad: 'x'.repeat(pick([3000, 5000, 70_000])) }));
    return { topic, payload };
  };
}
