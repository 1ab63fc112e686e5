// A file only this controller may read (the deck, the chip tags): written atomically (temp file in the same
// directory, fsync, rename) and private from its first byte; read back with a mode others can read made private.
import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Logger } from 'pino';
import { TableError, type TableErrorCode } from '../../protocol/errors.ts';

export function writeSecretFile(file: string, text: string): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = join(dir, `.${basename(file)}.${process.pid}.tmp`);
  // 'wx' + 0600 from the first byte: the map is never readable by others, not even for a moment.
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
  closeSync(fd);
  renameSync(tmp, file);
  try {
    const dfd = openSync(dir, 'r');
    fsyncSync(dfd);
    closeSync(dfd);
  } catch {
    // Some filesystems cannot fsync a directory; the rename itself is still atomic.
  }
}

export interface SecretRead {
  code: TableErrorCode;
  /** What the file is, for messages ("the deck"). */
  what: string;
  /** The command that makes one, for a file that cannot be read. */
  remedy: string;
  logger?: Logger | undefined;
}

/** The file's JSON. A file others can read is made private (chmod 600) with a warning rather than refused: refusing
 * would stop the table over a permission slip, and fixing it closes the leak. When the mode cannot be fixed (not the
 * owner), it is refused. */
export function readSecretJson(file: string, how: SecretRead): unknown {
  let text: string;
  let mode: number;
  try {
    mode = statSync(file).mode & 0o777;
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new TableError(
      how.code,
      (err as NodeJS.ErrnoException).code === 'ENOENT'
        ? `${file}: no such file (${how.what}); ${how.remedy}`
        : `${file}: cannot read ${how.what} (${(err as NodeJS.ErrnoException).code ?? String(err)}); ${how.remedy}`,
      { file },
    );
  }
  if ((mode & 0o077) !== 0) {
    try {
      chmodSync(file, 0o600);
    } catch (err) {
      throw new TableError(
        how.code,
        `${file}: readable by others (mode ${mode.toString(8)}) and cannot be made private (${(err as NodeJS.ErrnoException).code}): ` +
          `run \`chmod 600 ${file}\` as its owner`,
        { file },
      );
    }
    how.logger?.warn(
      { file, was: mode.toString(8) },
      `the ${how.what.replace(/^the /, '')} file was readable by others; made it private (chmod 600)`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new TableError(how.code, `${file}: not valid JSON (${(err as Error).message})`, { file });
  }
}
