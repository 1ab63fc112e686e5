// The other end of the wire: what a display board does with the protocol. It parses frames, keeps the state it
// would show, answers STATE with ACK, says HELLO when it boots, and can send heartbeats. Tests use it to check what
// a board would display; a developer can run it on a pty (emulator-port.ts) in place of a board.
import { createFrameParser, type FrameError } from './frame.ts';
import { decodeState, encodeHello, encodeSeqFrame, MSG } from './messages.ts';
import type { BoardState } from './pot.ts';

export interface BoardEmulator {
  /** Bytes from the host, in any chunking. */
  receive(bytes: Uint8Array): void;
  /** Where the board's own frames go (ACK, HELLO, HEARTBEAT). */
  onSend(listener: (bytes: Buffer) => void): void;
  /** The board boots (or resets): it forgets what it showed and says HELLO. */
  boot(): void;
  heartbeat(): void;
  /** The last state applied, null after a boot until the host sends one. */
  readonly state: BoardState | null;
  readonly seq: number | null;
  /** Good STATE frames applied, and frames rejected by the framing (garbage, checksum, end). */
  readonly applied: number;
  readonly errors: Readonly<Record<FrameError, number>>;
  /** What the board's screen reads, line by line. */
  screen(): string[];
}

function money(n: number | null): string {
  return n === null ? '-' : n.toLocaleString('en-US');
}

function clock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(h > 0 ? 2 : 1, '0');
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** The lines a board shows for a state (also the reference rendering for docs/serial-board-protocol.md). */
export function renderScreen(state: BoardState | null): string[] {
  if (!state) return ['waiting for the table'];
  const lines: string[] = [];
  const lv = state.level;
  if (!lv) lines.push('no levels running');
  else if (lv.isBreak) lines.push(`BREAK  ${clock(lv.msLeft)}${lv.paused ? '  PAUSED' : ''}`);
  else {
    const ante = lv.ante !== null && lv.ante > 0 ? ` ante ${money(lv.ante)}` : '';
    lines.push(
      `Level ${lv.level}  ${money(lv.smallBlind)}/${money(lv.bigBlind)}${ante}  ${clock(lv.msLeft)}${lv.paused ? '  PAUSED' : ''}`,
    );
  }
  const nx = state.next;
  if (nx)
    lines.push(
      nx.isBreak
        ? `Next: break ${nx.minutes} min`
        : `Next: ${money(nx.smallBlind)}/${money(nx.bigBlind)}${nx.ante ? ` ante ${money(nx.ante)}` : ''}`,
    );
  if (state.shotClock)
    lines.push(`Seat ${state.shotClock.seat}: ${state.shotClock.seconds}${state.shotClock.countdown ? '!' : ''}`);
  const chips = state.chips;
  if (chips && chips.pot !== null) {
    const pots = chips.pots > 1 ? ` (${chips.pots} pots)` : '';
    const call = chips.toCall ? `  to call ${money(chips.toCall)}` : '';
    lines.push(`Pot ${money(chips.pot)}${pots}${call}`);
  }
  return lines;
}

export function createBoardEmulator(options: { name?: string } = {}): BoardEmulator {
  const name = options.name ?? 'emulated display board';
  const listeners: ((bytes: Buffer) => void)[] = [];
  const errors: Record<FrameError, number> = { garbage: 0, 'bad-checksum': 0, 'bad-end': 0 };
  let state: BoardState | null = null;
  let seq: number | null = null;
  let applied = 0;
  const send = (bytes: Buffer): void => {
    for (const l of listeners) l(bytes);
  };
  const parser = createFrameParser(
    (frame) => {
      if (frame.type !== MSG.STATE) return; // unknown types are for newer boards: ignore, never crash
      try {
        const decoded = decodeState(frame.payload);
        state = decoded.state;
        seq = decoded.seq;
        applied++;
        send(encodeSeqFrame(MSG.ACK, decoded.seq));
      } catch {
        errors['bad-end']++;
      }
    },
    (error) => void errors[error]++,
  );
  return {
    receive: (bytes) => parser.push(bytes),
    onSend: (listener) => void listeners.push(listener),
    boot() {
      parser.reset();
      state = null;
      seq = null;
      send(encodeHello(name));
    },
    heartbeat: () => send(encodeSeqFrame(MSG.HEARTBEAT, seq ?? 0xffff)),
    get state() {
      return state;
    },
    get seq() {
      return seq;
    },
    get applied() {
      return applied;
    },
    errors,
    screen: () => renderScreen(state),
  };
}
