// What the doctor found: one line per check, plainly, and what to do about each problem.
export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';

export interface CheckResult {
  status: CheckStatus;
  /** What was checked: `config`, `device shoe`, `broker`, `storage`, `deck`. */
  subject: string;
  detail: string;
  /** What to do, for warn and fail. */
  fix?: string;
}

export const ok = (subject: string, detail: string): CheckResult => ({ status: 'ok', subject, detail });
export const warn = (subject: string, detail: string, fix: string): CheckResult => ({
  status: 'warn',
  subject,
  detail,
  fix,
});
export const fail = (subject: string, detail: string, fix: string): CheckResult => ({
  status: 'fail',
  subject,
  detail,
  fix,
});
export const skip = (subject: string, detail: string): CheckResult => ({ status: 'skip', subject, detail });

const LABEL: Record<CheckStatus, string> = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL', skip: 'skip' };

export function formatReport(results: readonly CheckResult[]): string {
  const width = Math.max(...results.map((r) => r.subject.length), 6);
  const lines = results.map((r) => {
    const head = `${LABEL[r.status]}  ${r.subject.padEnd(width)}  ${r.detail}`;
    return r.fix ? `${head}\n${' '.repeat(width + 8)}-> ${r.fix}` : head;
  });
  const failed = results.filter((r) => r.status === 'fail').length;
  const warned = results.filter((r) => r.status === 'warn').length;
  lines.push('');
  lines.push(
    failed === 0
      ? `All checks passed${warned ? ` (${warned} warning${warned > 1 ? 's' : ''})` : ''}.`
      : `${failed} problem${failed > 1 ? 's' : ''} to fix${warned ? `, ${warned} warning${warned > 1 ? 's' : ''}` : ''}.`,
  );
  return lines.join('\n');
}

export function exitCodeOf(results: readonly CheckResult[]): number {
  return results.some((r) => r.status === 'fail') ? 1 : 0;
}
