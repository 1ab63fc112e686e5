// Checkpoints of the room's state in its journal (the store's `checkpoints` table): a restart restores the newest
// usable one and replays only the inputs after it. The state is plain data with Maps and shared references (a table's
// model is in `tables` and in `byId`), which V8's serializer keeps as they are; JSON would not.
import { deserialize, serialize } from 'node:v8';
import type { Logger } from 'pino';
import { KEEP_CHECKPOINTS } from '../../runtime/retention.ts';
import { createRoom, type Room, type RoomOptions } from '../engine/engine.ts';
import type { RoomState } from '../engine/state.ts';
import type { RoomJournal } from './journal.ts';

/** The saved state's format: raise it whenever RoomState changes shape, so that an older checkpoint is passed over
 * (the room's inputs are never pruned: a full replay is always there). */
export const ROOM_STATE_VERSION = 'room-state-1';
/** Inputs between checkpoints when the config does not say (config/room.schema.json's default). */
const EVERY = 5000;

export interface RoomStart {
  room: Room;
  /** The input id the room stands after (0: a new room, every input is replayed). */
  afterId: number;
  /** The checkpoint's latest input time (0: none). */
  at: number;
}

/** The room at the newest checkpoint whose outputs the broker has all acknowledged (`published`): the outputs after
 * `published` must come again from the replay. A fresh room when there is none, or none restores. */
export function roomAtCheckpoint(
  journal: RoomJournal,
  options: RoomOptions,
  published: number,
  log: Logger,
): RoomStart {
  for (const cp of journal.checkpoints()) {
    if (cp.version !== ROOM_STATE_VERSION || cp.seq > published) continue;
    try {
      const saved = journal.checkpointState(cp.inputId);
      if (!saved) throw new Error('no state stored');
      return { room: createRoom(options, deserialize(saved) as RoomState), afterId: cp.inputId, at: cp.at };
    } catch (err) {
      log.warn({ err: (err as Error).message, inputId: cp.inputId }, 'a room checkpoint does not restore: passed over');
    }
  }
  return { room: createRoom(options), afterId: 0, at: 0 };
}

/** Saves the room's state as of input `inputId`, once a restore of it gives the same picture and deadline (a
 * checkpoint that would not restore is worse than none). Returns whether it was saved. */
export function saveRoomCheckpoint(
  journal: RoomJournal,
  room: Room,
  options: RoomOptions,
  inputId: number,
  log: Logger,
): boolean {
  const state = room.state();
  const bytes = serialize(state);
  const again = createRoom(options, deserialize(bytes) as RoomState);
  if (
    JSON.stringify(again.snapshot()) !== JSON.stringify(room.snapshot()) ||
    again.nextDeadline() !== room.nextDeadline()
  ) {
    log.error({ inputId }, 'the room state does not survive save and restore: no checkpoint taken');
    return false;
  }
  const kept = journal.checkpoints().slice(0, KEEP_CHECKPOINTS - 1);
  const keepFrom = kept.at(-1)?.inputId ?? inputId;
  journal.saveCheckpoint(
    { inputId, seq: state.seq, at: state.now, version: ROOM_STATE_VERSION },
    bytes,
    Math.min(keepFrom, inputId),
  );
  return true;
}

/** A checkpoint after every `storage.checkpointEvery` inputs (a failed one is logged: the journal still has all). */
export function roomCheckpoints(
  journal: RoomJournal,
  room: Room,
  options: RoomOptions,
  storage: { checkpointEvery?: number },
  log: Logger,
): { after(count: number): void } {
  const every = storage.checkpointEvery ?? EVERY;
  let since = 0;
  return {
    after(count) {
      since += count;
      if (since < every) return;
      since = 0;
      try {
        saveRoomCheckpoint(journal, room, options, journal.lastId(), log);
      } catch (err) {
        log.error({ err: (err as Error).message }, 'room checkpoint not saved');
      }
    },
  };
}
