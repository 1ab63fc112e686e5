// The only file that touches nfc-pcsc. It is an optionalDependency (a native module that needs libpcsclite-dev to
// build), so it is imported lazily and its absence becomes a clear TableError instead of a crash at start.
// nfc-pcsc's objects stay in here: the shoe sees reader names, tag ids and errors.
import { connect } from 'node:net';
import { TableError } from '../../domain/errors.ts';

export interface PcscEvents {
  readerAdded(reader: string): void;
  /** A reader pcscd lists that does not match the shoe's pattern (for messages). */
  readerIgnored(reader: string): void;
  readerRemoved(reader: string): void;
  /** A tag read: lower-case hex. */
  card(reader: string, uid: string): void;
  /** The tag last read on the reader left its field (a chip reader follows presence; the shoe needs only reads). */
  cardRemoved?(reader: string, uid: string): void;
  /** A reader-level problem (a card that could not be read); the reader stays usable. */
  readerError(reader: string, err: Error): void;
  /** The PC/SC context is dead (pcscd stopped or restarted); it must be rebuilt. */
  contextError(err: Error): void;
}

export interface PcscContext {
  /** Disconnects any card and releases the readers and the context. Never rejects. */
  close(): Promise<void>;
}

export interface PcscBackend {
  /** Opens a PC/SC context; readers arrive through `events`. Only call when pcscd answers (see probePcscd). */
  open(events: PcscEvents, accept: (reader: string) => boolean): PcscContext;
}

export const INSTALL_HINT =
  'install the PC/SC stack: `apt-get install pcscd libpcsclite-dev`, then `npm install` (builds nfc-pcsc)';

/** What to do when pcscd cannot be reached (`why`, from probePcscd): one sentence, said the same by the table at
 * start and by `npm run doctor`. */
export function pcscdAdvice(why: string): string {
  if (why.startsWith('no permission'))
    return 'add the user the table runs as to the group that may use pcscd (docs/install.md, "Card shoe")';
  return (
    'start it: `sudo systemctl enable --now pcscd.socket`; if pcscd is not installed: ' +
    '`sudo apt-get install pcscd libpcsclite-dev`, then `npm ci` (builds nfc-pcsc)'
  );
}

// The few parts of nfc-pcsc used here (it ships no types).
interface NfcReader {
  readonly name: string;
  autoProcessing: boolean;
  on(event: 'card', listener: (card: { atr?: Buffer }) => void): this;
  on(event: 'error', listener: (err: Error) => void): this;
  on(event: 'end' | 'card.off', listener: () => void): this;
  transmit(data: Buffer, responseMaxLength: number): Promise<Buffer>;
  disconnect(): Promise<unknown>;
  connection: unknown;
  close(): void;
}
interface Nfc {
  on(event: 'reader', listener: (reader: NfcReader) => void): this;
  on(event: 'error', listener: (err: Error) => void): this;
  close(): void;
}
type NfcConstructor = new () => Nfc;

const GET_UID = Buffer.from([0xff, 0xca, 0x00, 0x00, 0x00]);

/** Loads nfc-pcsc; rejects with DEVICE_MISSING and what to install when the module is absent or did not build. */
export async function loadNfcPcsc(moduleName = 'nfc-pcsc'): Promise<PcscBackend> {
  let mod: { NFC?: NfcConstructor; default?: { NFC?: NfcConstructor } };
  try {
    mod = (await import(moduleName)) as typeof mod;
  } catch (err) {
    throw new TableError(
      'DEVICE_MISSING',
      `nfc-pcsc is not available (${(err as Error).message.split('\n')[0]}): ${INSTALL_HINT}`,
    );
  }
  const NFC = mod.NFC ?? mod.default?.NFC;
  if (typeof NFC !== 'function') throw new TableError('DEVICE_MISSING', `nfc-pcsc has no NFC export: ${INSTALL_HINT}`);
  return { open: (events, accept) => openContext(NFC, events, accept) };
}

function openContext(NFC: NfcConstructor, events: PcscEvents, accept: (reader: string) => boolean): PcscContext {
  const nfc = new NFC();
  const readers = new Set<NfcReader>();
  let closed = false;
  // Every emitter gets an error listener: an unhandled 'error' event kills the process, and pcscd going away makes
  // every reader emit one.
  nfc.on('error', (err) => {
    if (!closed) events.contextError(err);
  });
  nfc.on('reader', (reader) => {
    const name = reader.name;
    reader.on('error', (err) => {
      if (!closed && readers.has(reader)) events.readerError(name, err);
    });
    if (!accept(name)) {
      // Stop watching it, so nfc-pcsc does not hold cards on a reader that is not the shoe.
      events.readerIgnored(name);
      reader.close();
      return;
    }
    readers.add(reader);
    // nfc-pcsc's own processing needs an AID for ISO 14443-4 tags; GET DATA (UID) works for every tag type.
    reader.autoProcessing = false;
    // The tag on the reader now (a PC/SC slot holds one), so its leaving can name it; `gone` when it left before
    // its id was read, so the read that completes is followed by its removal at once.
    let present: { uid: string | null; gone: boolean } | null = null;
    reader.on('card', () => {
      if (closed) {
        void release(reader);
        return;
      }
      const tag: { uid: string | null; gone: boolean } = { uid: null, gone: false };
      present = tag;
      void readUid(reader).then((result) => {
        if (closed) return;
        if (typeof result !== 'string') {
          events.readerError(name, result);
          return;
        }
        tag.uid = result;
        events.card(name, result);
        if (tag.gone) events.cardRemoved?.(name, result);
      });
    });
    reader.on('card.off', () => {
      const tag = present;
      present = null;
      if (closed || !tag) return;
      if (tag.uid === null) tag.gone = true;
      else events.cardRemoved?.(name, tag.uid);
    });
    reader.on('end', () => {
      readers.delete(reader);
      if (!closed) events.readerRemoved(name);
    });
    events.readerAdded(name);
  });
  return {
    async close() {
      if (closed) return;
      closed = true;
      const all = [...readers];
      readers.clear();
      await Promise.all(all.map(release));
      try {
        nfc.close();
      } catch {
        // The context may already be invalid (pcscd stopped); nothing left to release.
      }
    },
  };
}

/** The tag id, or why it could not be read. A card sliding past may answer badly once while it is still on the
 * reader, so a failed read is tried once more before the read is given up (and logged by the shoe). */
async function readUid(reader: NfcReader): Promise<string | Error> {
  let failure: Error = new Error('no answer');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // nfc-pcsc throws synchronously when the card is already gone: keep that inside the try.
      const res = await reader.transmit(GET_UID, 12);
      const sw = res.length >= 2 ? res.readUInt16BE(res.length - 2) : 0;
      if (sw === 0x9000 && res.length >= 3) return res.subarray(0, -2).toString('hex');
      failure = new Error(`GET UID answered ${res.toString('hex') || 'nothing'}`);
    } catch (err) {
      failure = err instanceof Error ? err : new Error(String(err));
    }
    if (!reader.connection) break;
  }
  return failure;
}

/** A card handle left connected by a closed reader makes pcscd fail the next context's transmits on that reader,
 * so disconnect before closing. */
async function release(reader: NfcReader): Promise<void> {
  if (reader.connection) {
    try {
      await reader.disconnect();
    } catch {
      // pcscd gone or card already removed: nothing to hand back.
    }
  }
  try {
    reader.close();
  } catch {
    // Already closed with pcscd.
  }
}

/** null when pcscd answers on its socket, else why not. `new NFC()` without pcscd spins at 100 % CPU forever, so
 * the shoe asks this first. A stale socket (pcscd killed) refuses the connection. */
export function probePcscd(socket: string, timeoutMs = 2000): Promise<string | null> {
  return new Promise((resolve) => {
    const s = connect(socket);
    const done = (reason: string | null): void => {
      clearTimeout(timer);
      s.destroy();
      resolve(reason);
    };
    const timer = setTimeout(() => done(`pcscd does not answer on ${socket}`), timeoutMs);
    s.once('connect', () => done(null));
    s.once('error', (err: NodeJS.ErrnoException) => {
      const why =
        err.code === 'ENOENT'
          ? `pcscd is not running (no ${socket})`
          : err.code === 'ECONNREFUSED'
            ? `pcscd is not running (stale ${socket})`
            : err.code === 'EACCES'
              ? `no permission to use ${socket}`
              : `cannot reach pcscd at ${socket} (${err.code ?? err.message})`;
      done(why);
    });
  });
}
