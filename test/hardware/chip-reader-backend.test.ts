// The PC/SC backend (src/hardware/shoe/backend.ts) reports a tag leaving the reader besides a tag read, for the chip
// readers; over a stand-in nfc-pcsc module (test/fixtures/fake-nfc-pcsc.mjs) loaded the way the real one is.
import { TEST_DIR } from '../helpers/paths.ts';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadNfcPcsc, type PcscEvents } from '../../src/hardware/shoe/backend.ts';

interface FakeReader {
  emit(event: string, ...args: unknown[]): boolean;
  answer(uid: string): void;
}
type FakeModule = { FakeReader: new (name: string) => FakeReader };
declare global {
  var fakeNfc: { emit(event: string, ...args: unknown[]): boolean } | undefined;
}

const FAKE = join(TEST_DIR, 'fixtures', 'fake-nfc-pcsc.mjs');
const flush = () => new Promise((r) => setTimeout(r, 0));

async function opened() {
  const seen: string[] = [];
  const events: PcscEvents = {
    readerAdded: (r) => seen.push(`added ${r}`),
    readerIgnored: (r) => seen.push(`ignored ${r}`),
    readerRemoved: (r) => seen.push(`removed ${r}`),
    card: (r, uid) => seen.push(`card ${r} ${uid}`),
    cardRemoved: (r, uid) => seen.push(`off ${r} ${uid}`),
    readerError: (r, err) => seen.push(`error ${r} ${err.message}`),
    contextError: (err) => seen.push(`context ${err.message}`),
  };
  const backend = await loadNfcPcsc(FAKE);
  const context = backend.open(events, () => true);
  const { FakeReader } = (await import(FAKE)) as FakeModule;
  const reader = new FakeReader('Chips 00');
  globalThis.fakeNfc!.emit('reader', reader);
  return { seen, reader, context };
}

describe('PC/SC backend: tags leaving', () => {
  it('names the tag that left, after its read', async () => {
    const { seen, reader, context } = await opened();
    reader.emit('card', {});
    reader.answer('04a1a2a3a4a5a6');
    await flush();
    reader.emit('card.off', {});
    reader.emit('card.off', {}); // nothing on it any more
    expect(seen).toEqual(['added Chips 00', 'card Chips 00 04a1a2a3a4a5a6', 'off Chips 00 04a1a2a3a4a5a6']);
    await context.close();
  });

  it('a tag gone before its id was read is read, then reported gone', async () => {
    const { seen, reader, context } = await opened();
    reader.emit('card', {});
    reader.emit('card.off', {});
    expect(seen).toEqual(['added Chips 00']);
    reader.answer('04b1b2b3b4b5b6');
    await flush();
    expect(seen.slice(1)).toEqual(['card Chips 00 04b1b2b3b4b5b6', 'off Chips 00 04b1b2b3b4b5b6']);
    await context.close();
  });
});
