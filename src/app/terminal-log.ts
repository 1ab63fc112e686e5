// The table's log read by a person at a terminal: each JSON line (pino's) becomes one sentence, e.g.
//   10:42:07 warn  shoe offline: pcscd is not running (no /run/pcscd/pcscd.comm); start it …
// The journal (not a terminal) keeps the JSON lines. A stack trace is printed only at debug level or below: at info
// a technician needs what happened and what to do, not where in the code.

/** Fields every line carries, or that the sentence already says. */
const SKIPPED = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'module', 'err', 'detail', 'device']);

const LEVEL_WORDS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info ',
  40: 'warn ',
  50: 'error',
  60: 'fatal',
};

export interface TerminalLogOptions {
  write(text: string): void;
  /** True when stack traces are wanted (the logger's level is debug or trace); asked at each line, since the
   * config's level is applied after the logger is made. */
  showStacks(): boolean;
}

/** A pino destination (anything with `write(line)`). */
export function terminalLog(options: TerminalLogOptions): { write(line: string): void } {
  return {
    write(line: string) {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        options.write(line);
        return;
      }
      options.write(`${sentence(record, options.showStacks())}\n`);
    },
  };
}

/** One record as a line: time, level, the device it is about, the message, why (detail, error), the other fields. */
export function sentence(record: Record<string, unknown>, withStack: boolean): string {
  const time = typeof record.time === 'number' ? clockTime(record.time) : '--:--:--';
  const level = LEVEL_WORDS[record.level as number] ?? String(record.level);
  const msg = typeof record.msg === 'string' ? record.msg : '';
  const device = typeof record.device === 'string' && !msg.startsWith(record.device) ? `${record.device}: ` : '';
  const why = [record.detail, errorMessage(record.err)].filter((w): w is string => typeof w === 'string' && w !== '');
  const rest = Object.entries(record)
    .filter(([key, value]) => !SKIPPED.has(key) && value !== undefined)
    .map(([key, value]) => `${key} ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  let text = `${time} ${level} ${device}${msg}`;
  if (why.length > 0) text += `: ${why.join('; ')}`;
  if (rest.length > 0) text += ` (${rest.join(', ')})`;
  const stack = withStack ? errorStack(record.err) : null;
  return stack ? `${text}\n${stack}` : text;
}

function clockTime(ms: number): string {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

function errorMessage(err: unknown): string | undefined {
  if (typeof err === 'string') return err;
  if (err && typeof err === 'object' && typeof (err as { message?: unknown }).message === 'string') {
    return (err as { message: string }).message;
  }
  return undefined;
}

/** The trace's `at …` lines (the message is on the line already), indented under it. */
function errorStack(err: unknown): string | null {
  const stack = err && typeof err === 'object' ? (err as { stack?: unknown }).stack : undefined;
  if (typeof stack !== 'string') return null;
  const frames = stack.split('\n').filter((l) => /^\s+at /.test(l));
  return frames.length > 0 ? frames.map((l) => `    ${l.trim()}`).join('\n') : null;
}
