// The doctor's check of a PC/SC reader (a shoe, an antenna or a chip reader: the same driver): pcscd answers, nfc-pcsc
// loads, and a reader matching the definition's pattern (or the entry's port) is listed.
import type { DeviceDefinition } from '../../config/types.ts';
import type { DeviceRef } from '../../config/types.ts';
import type { DeviceCheck } from '../kind.ts';
import { loadNfcPcsc, pcscdAdvice, probePcscd } from './backend.ts';
import { pcscWord } from './pcsc-shoe.ts';
import { shoeSettings, type PcscKind } from './spec.ts';

/** The readers pcscd lists within `waitMs`: those matching `pattern`, the others, and the errors on the way. */
async function listReaders(backend: Awaited<ReturnType<typeof loadNfcPcsc>>, pattern: RegExp, waitMs: number) {
  const matching: string[] = [];
  const others: string[] = [];
  const errors: string[] = [];
  const context = backend.open(
    {
      readerAdded: (r) => matching.push(r),
      readerIgnored: (r) => others.push(r),
      readerRemoved: () => undefined,
      card: () => undefined,
      readerError: (r, e) => errors.push(`${r}: ${e.message}`),
      contextError: (e) => errors.push(e.message),
    },
    (name) => pattern.test(name),
  );
  // Readers arrive as pcscd reports them; there is no "that was all" signal, so wait a little.
  const deadline = Date.now() + waitMs;
  while (matching.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  await context.close();
  return { matching, others, errors };
}

export async function checkPcscReader(
  def: DeviceDefinition,
  ref: DeviceRef,
  kind: PcscKind,
  waitMs: number,
): Promise<DeviceCheck> {
  const settings = shoeSettings(def, ref, {}, kind);
  const down = await probePcscd(settings.socket);
  if (down !== null) return { ok: false, detail: down, fix: pcscdAdvice(down) };
  let backend;
  try {
    backend = await loadNfcPcsc();
  } catch (error) {
    const fix = 'apt-get install libpcsclite-dev, then npm ci (nfc-pcsc builds against it)';
    return { ok: false, detail: (error as Error).message, fix };
  }
  const pattern = settings.readerPattern;
  const { matching, others, errors } = await listReaders(backend, pattern, waitMs);
  if (matching.length > 0)
    return { ok: true, detail: `pcscd is up; reader "${matching[0]}" matches /${pattern.source}/` };
  if (others.length > 0) {
    return {
      ok: false,
      detail: `pcscd is up but no reader matches /${pattern.source}/ (seen: ${others.join(', ')})`,
      fix: "set the device's port (a reader-name pattern) in the table config to one of the names seen",
    };
  }
  return {
    ok: false,
    detail: `pcscd is up but lists no reader${errors.length ? ` (${errors.join('; ')})` : ''}`,
    fix: `plug the ${pcscWord(kind)} in; \`pcsc_scan\` (package pcsc-tools) shows what pcscd sees`,
  };
}
