// The serial display board (level clock and shot clock) as a table device. It sends the full display state on every
// change and at least every `refreshMs`, and again whenever the board says HELLO (it rebooted) or reports a
// different state in its heartbeat, so the board stays in sync across reconnects and resets.
import type { TableSnapshot } from '../../domain/snapshot.ts';
import { TableError } from '../../domain/errors.ts';
import type { TableEvent } from '../../domain/types.ts';
import { deviceLogger, type Device, type DeviceContext } from '../types.ts';
import { createLink, DEFAULT_BACKOFF, type Backoff, type Link } from '../firmata/reconnect.ts';
import { sameDisplay } from '../outputs/level-clock.ts';
import type { SerialDisplayDefinition } from './definition.ts';
import { createFrameParser, type FrameParser } from './frame.ts';
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

export function createSerialDisplay(
  ref: { name: string; port?: string },
  def: SerialDisplayDefinition,
  options: SerialDisplayOptions = {},
): SerialDisplay {
  const baudRate = def.baudRate ?? 115_200;
  const refreshMs = def.refreshMs ?? 1000;
  const answerTimeoutMs = def.answerTimeoutMs ?? 3000;
  let ctx: DeviceContext | null = null;
  let link: Link<Connection> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let snapshot: TableSnapshot | null = null;
  let seq = 0;
  let lastSent: { seq: number; state: BoardState; at: number; tableAt: number } | null = null;
  let heardAt: number | null = null;
  let boardName: string | null = null;
  let online: boolean | null = null;
  let firstStatus: () => void = () => {};
  const path = ref.port ?? '';

  const status = (up: boolean, detail: string): void => {
    firstStatus();
    if (online === up) return;
    online = up;
    ctx?.submit({ type: 'device', device: ref.name, online: up, detail });
  };

  // The link (refresh, answer timeout) runs on the wall clock; what is displayed runs on the table's clock, which a
  // simulated table may speed up.
  const wall = options.wallNow ?? Date.now;
  const send = (conn: Connection, state: BoardState): void => {
    seq = (seq + 1) & 0xffff;
    conn.transport.write(encodeState(seq, state));
    lastSent = { seq, state, at: wall(), tableAt: ctx?.now() ?? 0 };
  };

  const check = (): void => {
    const conn = link?.current();
    if (!conn || !ctx) return;
    const tableNow = ctx.now();
    const state = boardState(snapshot, tableNow);
    const now = wall();
    if (!lastSent || !sameDisplay(lastSent.state, lastSent.tableAt, state, tableNow) || now - lastSent.at >= refreshMs)
      send(conn, state);
    if (now - (heardAt ?? conn.openedAt) > answerTimeoutMs) status(false, `no answer from the board on ${path}`);
  };

  const resend = (conn: Connection): void => {
    if (ctx) send(conn, boardState(snapshot, ctx.now()));
  };

  return {
    name: ref.name,
    get lastSent() {
      return lastSent && { seq: lastSent.seq, state: lastSent.state };
    },
    async start(context) {
      if (!ref.port) {
        throw new TableError(
          'DEVICE_INVALID',
          `device "${ref.name}": a serial-display needs a \`port\` (e.g. /dev/ttyUSB0)`,
          { field: 'port' },
        );
      }
      ctx = context;
      const logger = deviceLogger(context.logger, ref.name);
      const open = options.transport ?? openSerialTransport;
      const first = new Promise<void>((resolve) => (firstStatus = resolve));
      link = createLink<Connection>({
        backoff: options.backoff ?? DEFAULT_BACKOFF,
        logger,
        open: async () => {
          const transport = await open(path, baudRate);
          const conn: Connection = {
            transport,
            openedAt: wall(),
            parser: createFrameParser(
              (frame) => {
                const msg = decodeBoardFrame(frame);
                heardAt = wall();
                if (msg.type === 'hello') {
                  boardName = msg.name;
                  logger.info({ board: msg.name, version: msg.version }, 'display board says hello');
                  resend(conn);
                } else if (msg.type === 'heartbeat' && msg.seq !== lastSent?.seq) {
                  resend(conn);
                }
                status(true, `${boardName ?? 'display board'} on ${path}`);
              },
              (error, skipped) => logger.debug({ error, skipped }, 'bad bytes from the display board'),
            ),
          };
          transport.onData((bytes) => conn.parser.push(bytes));
          transport.onClose((detail) => link?.lost(conn, detail));
          return conn;
        },
        close: (conn) => conn.transport.close().catch(() => undefined),
        up: (conn) => {
          heardAt = null;
          lastSent = null;
          resend(conn);
        },
        down: (detail) => status(false, detail),
      });
      timer = setInterval(check, options.checkMs ?? 250);
      timer.unref();
      await link.start();
      await first;
    },
    render(_events: readonly TableEvent[], snap: TableSnapshot) {
      snapshot = snap;
      check();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      // The board is told there is nothing to show: no stale clock once the controller is gone.
      const conn = link?.current();
      if (conn && ctx) send(conn, boardState(null, ctx.now()));
      await link?.stop();
      link = null;
    },
  };
}
