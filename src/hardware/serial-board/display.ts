// The serial display board (level clock and shot clock) as a table device. It sends the full display state on every
// change and at least every `refreshMs`, and again whenever the board says HELLO (it rebooted) or reports a
// different state in its heartbeat, so the board stays in sync across reconnects and resets.
import type { TableSnapshot } from '../../domain/snapshot/types.ts';
import type { TableEvent } from '../../domain/types.ts';
import type { Logger } from 'pino';
import { requirePort } from '../serial/port.ts';
import { deviceLogger, type Device, type DeviceContext } from '../types.ts';
import { createLink, DEFAULT_BACKOFF, type Backoff, type Link } from '../serial/reconnect.ts';
import { sameDisplay } from '../outputs/level-clock.ts';
import type { SerialDisplayDefinition } from './definition.ts';
import { createFrameParser, type Frame, type FrameParser } from './frame.ts';
import { decodeBoardFrame, encodeState } from './messages.ts';
import { boardState, type BoardState } from './pot.ts';
import { openSerialTransport, type OpenTransport, type Transport } from './transport.ts';

export interface SerialDisplayOptions {
  backoff?: Backoff;
  /** How often the adapter looks for changes and silence, ms. Default 250. */
  checkMs?: number;
  /** The byte pipe; the default opens the serial port. */
  transport?: OpenTransport;
  /** Wall clock for the link's timing (tests); the displayed times use the table's clock. */
  wallNow?: () => number;
}

interface Connection {
  transport: Transport;
  parser: FrameParser;
  openedAt: number;
}

export interface SerialDisplay extends Device {
  /** The state last sent and its seq (for tools and tests). */
  readonly lastSent: { seq: number; state: BoardState } | null;
}

class SerialDisplayBoard implements SerialDisplay {
  readonly name: string;
  private readonly baudRate: number;
  private readonly refreshMs: number;
  private readonly answerTimeoutMs: number;
  private readonly path: string;
  // The link (refresh, answer timeout) runs on the wall clock; what is displayed runs on the table's clock, which a
  // simulated table may speed up.
  private readonly wall: () => number;
  private ctx: DeviceContext | null = null;
  private link: Link<Connection> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private snapshot: TableSnapshot | null = null;
  private seq = 0;
  private sent: { seq: number; state: BoardState; at: number; tableAt: number } | null = null;
  private heardAt: number | null = null;
  private boardName: string | null = null;
  private online: boolean | null = null;
  private firstStatus: () => void = () => {};

  constructor(
    private readonly ref: { name: string; port?: string },
    def: SerialDisplayDefinition,
    private readonly options: SerialDisplayOptions,
  ) {
    this.name = ref.name;
    this.baudRate = def.baudRate ?? 115_200;
    this.refreshMs = def.refreshMs ?? 1000;
    this.answerTimeoutMs = def.answerTimeoutMs ?? 3000;
    this.path = ref.port ?? '';
    this.wall = options.wallNow ?? Date.now;
  }

  get lastSent(): { seq: number; state: BoardState } | null {
    return this.sent && { seq: this.sent.seq, state: this.sent.state };
  }

  private status(up: boolean, detail: string): void {
    this.firstStatus();
    if (this.online === up) return;
    this.online = up;
    this.ctx?.submit({ type: 'device', device: this.name, online: up, detail });
  }

  private send(conn: Connection, state: BoardState): void {
    this.seq = (this.seq + 1) & 0xffff;
    conn.transport.write(encodeState(this.seq, state));
    this.sent = { seq: this.seq, state, at: this.wall(), tableAt: this.ctx?.now() ?? 0 };
  }

  private check(): void {
    const conn = this.link?.current();
    if (!conn || !this.ctx) return;
    const tableNow = this.ctx.now();
    const state = boardState(this.snapshot, tableNow);
    const now = this.wall();
    const last = this.sent;
    if (!last || !sameDisplay(last.state, last.tableAt, state, tableNow) || now - last.at >= this.refreshMs)
      this.send(conn, state);
    if (now - (this.heardAt ?? conn.openedAt) > this.answerTimeoutMs)
      this.status(false, `no answer from the board on ${this.path}`);
  }

  private resend(conn: Connection): void {
    if (this.ctx) this.send(conn, boardState(this.snapshot, this.ctx.now()));
  }

  /** A frame from the board: HELLO (it rebooted) or a heartbeat showing another state gets the state again. */
  private heard(conn: Connection, frame: Frame, logger: Logger): void {
    const msg = decodeBoardFrame(frame);
    this.heardAt = this.wall();
    if (msg.type === 'hello') {
      this.boardName = msg.name;
      logger.info({ board: msg.name, version: msg.version }, 'display board says hello');
      this.resend(conn);
    } else if (msg.type === 'heartbeat' && msg.seq !== this.sent?.seq) {
      this.resend(conn);
    }
    this.status(true, `${this.boardName ?? 'display board'} on ${this.path}`);
  }

  private async open(logger: Logger): Promise<Connection> {
    const transport = await (this.options.transport ?? openSerialTransport)(this.path, this.baudRate);
    const conn: Connection = {
      transport,
      openedAt: this.wall(),
      parser: createFrameParser(
        (frame) => this.heard(conn, frame, logger),
        (error, skipped) => logger.debug({ error, skipped }, 'bad bytes from the display board'),
      ),
    };
    transport.onData((bytes) => conn.parser.push(bytes));
    transport.onClose((detail) => this.link?.lost(conn, detail));
    return conn;
  }

  async start(context: DeviceContext): Promise<void> {
    requirePort(this.ref, 'serial-display', '/dev/ttyUSB0');
    this.ctx = context;
    const logger = deviceLogger(context.logger, this.name);
    const first = new Promise<void>((resolve) => (this.firstStatus = resolve));
    this.link = createLink<Connection>({
      backoff: this.options.backoff ?? DEFAULT_BACKOFF,
      logger,
      open: () => this.open(logger),
      close: (conn) => conn.transport.close().catch(() => undefined),
      up: (conn) => {
        this.heardAt = null;
        this.sent = null;
        this.resend(conn);
      },
      down: (detail) => this.status(false, detail),
    });
    this.timer = setInterval(() => this.check(), this.options.checkMs ?? 250);
    this.timer.unref();
    await this.link.start();
    await first;
  }

  render(_events: readonly TableEvent[], snap: TableSnapshot): void {
    this.snapshot = snap;
    this.check();
  }

  async stop(): Promise<void> {
    // The board is told there is nothing to show: no stale clock once the controller is gone.
    const conn = this.link?.current();
    if (conn && this.ctx) this.send(conn, boardState(null, this.ctx.now()));
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.link?.stop();
    this.link = null;
  }
}

export function createSerialDisplay(
  ref: { name: string; port?: string },
  def: SerialDisplayDefinition,
  options: SerialDisplayOptions = {},
): SerialDisplay {
  return new SerialDisplayBoard(ref, def, options);
}
