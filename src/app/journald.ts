// Logs into the systemd journal with their level. journald reads a service's stdout line by line and gives every
// line the unit's default priority (info), so `journalctl -p warning` would show nothing; but with the unit's
// `SyslogLevelPrefix=yes` (systemd's default, set explicitly in systemd/pokertable.service) a line that starts with
// `<N>` gets priority N and the prefix is removed. So when stdout is the journal, each pino line gets its level's
// prefix; anywhere else (a terminal, a file, a pipe) the lines stay plain JSON.
import { fstatSync } from 'node:fs';

/** pino's numeric levels → syslog priorities (debug 7, info 6, notice 5, warning 4, err 3, crit 2). */
export function syslogPriority(level: number): number {
  if (level >= 60) return 2; // fatal
  if (level >= 50) return 3; // error
  if (level >= 40) return 4; // warn
  if (level >= 30) return 6; // info
  return 7; // debug, trace
}

const LEVEL = /^\{"level":(\d+)/;

/** A pino destination that prefixes each line with `<priority>`. Lines pino writes start with `{"level":N`. */
export function syslogPrefixed(dest: { write(line: string): unknown }): { write(line: string): boolean } {
  return {
    write(line: string): boolean {
      const level = LEVEL.exec(line);
      dest.write(level ? `<${syslogPriority(Number(level[1]))}>${line}` : line);
      return true;
    },
  };
}

/** Whether file descriptor `fd` is the journal stream systemd connected (it names it in $JOURNAL_STREAM as
 * `device:inode`), so a redirected stdout is not mistaken for the journal. */
export function isJournalStream(fd: number, env: NodeJS.ProcessEnv = process.env): boolean {
  const named = env.JOURNAL_STREAM;
  if (!named) return false;
  try {
    const stat = fstatSync(fd);
    return named === `${stat.dev}:${stat.ino}`;
  } catch {
    return false;
  }
}
