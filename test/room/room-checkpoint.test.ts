// Checkpoints of the room's state (src/room/service/checkpoint.ts) on a real journal file: a room restored from one
// and given the rest of the inputs gives the same outputs, byte for byte, as the golden replays of
// test/fixtures/room give without one, wherever the checkpoint is taken. A checkpoint whose outputs the broker has
// not all acknowledged, or of another state format, is passed over.
import { TEST_DIR } from '../helpers/paths.ts';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRoomProfiles } from '../../src/room/config/profiles.ts';
import { createRoom, type Room } from '../../src/room/engine/engine.ts';
import type { RoomOutput } from '../../src/room/engine/types.ts';
import { ROOM_STATE_VERSION, roomAtCheckpoint, saveRoomCheckpoint } from '../../src/room/service/checkpoint.ts';
import { openRoomJournal } from '../../src/room/service/journal.ts';

const log = pino({ level: 'silent' });
const profiles = loadRoomProfiles();
const fixtures = join(TEST_DIR, 'fixtures', 'room');
const files = readdirSync(fixtures).filter((f) => f.endsWith('.jsonl') && !f.endsWith('.expected.jsonl'));
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A fixture's inputs with their line numbers, as room-replay reads them (src/cli/room-replay.ts): blank lines
 * counted, a line that is not JSON given as `{type: 'not-json'}` and its refusal's reason said. */
const entries = (file: string) =>
  readFileSync(join(fixtures, file), 'utf8')
    .split('\n')
    .flatMap((text, i) => (text.trim() === '' ? [] : [{ line: i + 1, input: parsed(text) }]));
const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { type: 'not-json' };
  }
};
const applied = (room: Room, input: unknown, line: number): RoomOutput[] => {
  const outputs = room.apply(input, line);
  const last = outputs.at(-1);
  if ((input as { type?: unknown }).type === 'not-json' && last?.type === 'input.rejected') {
    last.reason = 'not valid JSON';
  }
  return outputs;
};
const journalDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pt-room-cp-'));
  dirs.push(dir);
  return dir;
};

describe('room checkpoints', () => {
  it.each(files)('%s: restored at any of five points, the rest gives the golden outputs byte for byte', (file) => {
    const all = entries(file);
    const inputs = all.map((e) => e.input);
    const expected = readFileSync(join(fixtures, file.replace(/\.jsonl$/, '.expected.jsonl')), 'utf8');
    for (const cut of [1, 2, 3, 4].map((q) => Math.floor((inputs.length * q) / 5)).concat(inputs.length - 1)) {
      const dir = journalDir();
      const journal = openRoomJournal(dir);
      journal.appendMany(inputs.slice(0, cut));
      const before = createRoom({ profiles });
      const out = all.slice(0, cut).flatMap((e) => applied(before, e.input, e.line));
      expect(saveRoomCheckpoint(journal, before, { profiles }, journal.lastId(), log)).toBe(true);
      journal.appendMany(inputs.slice(cut));
      journal.close();

      const reopened = openRoomJournal(dir);
      const start = roomAtCheckpoint(reopened, { profiles }, Number.MAX_SAFE_INTEGER, log);
      expect(start.afterId).toBe(cut);
      const tail = [...reopened.each(start.afterId)];
      expect(tail).toHaveLength(inputs.length - cut);
      out.push(...tail.flatMap((input, i) => applied(start.room, input, all[cut + i]!.line)));
      reopened.close();
      expect(out.map((o) => `${JSON.stringify(o)}\n`).join(''), `checkpoint after input ${cut}`).toBe(expected);
    }
  });

  it('passes over a checkpoint the broker has not caught up with, and one of another state format', () => {
    const inputs = entries(files[0]!).map((e) => e.input);
    const dir = journalDir();
    const journal = openRoomJournal(dir);
    const room = createRoom({ profiles });
    const half = Math.floor(inputs.length / 2);
    journal.appendMany(inputs.slice(0, 4));
    inputs.slice(0, 4).forEach((input) => room.apply(input));
    saveRoomCheckpoint(journal, room, { profiles }, journal.lastId(), log);
    const early = room.state().seq;
    journal.appendMany(inputs.slice(4, half));
    inputs.slice(4, half).forEach((input) => room.apply(input));
    saveRoomCheckpoint(journal, room, { profiles }, journal.lastId(), log);
    const late = room.state().seq;
    expect(late).toBeGreaterThan(early);
    expect(journal.checkpoints().map((c) => c.inputId)).toEqual([half, 4]);

    expect(roomAtCheckpoint(journal, { profiles }, late, log).afterId).toBe(half);
    // The outputs after `early` must come again from a replay: the late checkpoint cannot give them.
    expect(roomAtCheckpoint(journal, { profiles }, late - 1, log).afterId).toBe(4);
    expect(roomAtCheckpoint(journal, { profiles }, early - 1, log).afterId).toBe(0);
    // A checkpoint of another state format (an older room service's) is passed over for the next one.
    const newest = journal.checkpoints()[0]!;
    journal.saveCheckpoint({ ...newest, version: 'room-state-0' }, journal.checkpointState(newest.inputId)!, 0);
    expect(roomAtCheckpoint(journal, { profiles }, late, log).afterId).toBe(4);
    journal.saveCheckpoint({ ...newest, version: ROOM_STATE_VERSION }, journal.checkpointState(newest.inputId)!, 0);
    // A third keeps two: the oldest goes.
    journal.appendMany(inputs.slice(half, half + 1));
    room.apply(inputs[half]);
    saveRoomCheckpoint(journal, room, { profiles }, journal.lastId(), log);
    expect(journal.checkpoints().map((c) => c.inputId)).toEqual([half + 1, half]);
    journal.close();
  });
});
