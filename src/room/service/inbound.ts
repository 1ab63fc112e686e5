// What arrives on MQTT turned into room inputs, or refused before anything is journaled: a room command on
// `room/<id>/cmd/<name>`, a table's event, state or status. A command goes through the same checks as a table's
// (src/mqtt/commands.ts): the table's size and depth limits, the check compiled from schemas/room-command.schema.json
// (a closed set of fields per command), then the room engine's own validator for what a schema does not say; what is
// journaled is what that validator built (known fields only), never the payload as it came.
import { DEFAULT_MAX_PAYLOAD } from '../../mqtt/bridge.ts';
import { parseJson, requestId } from '../../mqtt/commands.ts';
import { ROOM_COMMAND_NAMES, validateRoomCommandShape } from '../../protocol/generated/validate-room-command.ts';
import { run } from '../../protocol/schemas.ts';
import { validateRoomInput } from '../engine/validate.ts';

/** Table messages are small; anything bigger is refused unread. */
export const MAX_PAYLOAD = 256 * 1024;
/** A room command: the table's own limit for a command (64 KiB). */
export const MAX_COMMAND_BYTES = DEFAULT_MAX_PAYLOAD;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export type Parsed =
  { ok: true; input: Obj; id: string | null } | { ok: false; id: string | null; code: string; reason: string };

/** A payload as a JSON object (empty: `{}`), or why not. */
export function parseObject(payload: Buffer): Obj | string {
  if (payload.length > MAX_PAYLOAD) return `payload too large: ${payload.length} bytes (limit ${MAX_PAYLOAD})`;
  const text = payload.toString('utf8').trim();
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'payload is not valid JSON';
  }
  return isObj(value) ? value : 'payload must be a JSON object';
}

const refused = (id: string | null, code: string, reason: string): Parsed => ({ ok: false, id, code, reason });

/** A room command from `room/<id>/cmd/<name>`: the name comes from the topic, the fields from the payload (an empty
 * payload is `{}`, as for `levels-pause`). */
export function commandInput(name: string, payload: Buffer, at: number): Parsed {
  const json =
    payload.toString('utf8').trim() === '' ? { ok: true as const, value: {} } : parseJson(payload, MAX_COMMAND_BYTES);
  if (!json.ok) return refused(null, json.code, json.message);
  const body = json.value;
  const id = requestId(body);
  if (!isObj(body)) return refused(id, 'bad-request', 'a room command is a JSON object: {"id": "…", …fields}');
  for (const field of ['name', 'type'] as const)
    if (body[field] !== undefined && body[field] !== (field === 'name' ? name : 'command'))
      return refused(id, 'bad-request', `field "${field}" disagrees with the topic (cmd/${name.slice(0, 40)})`);
  if (body.at !== undefined) return refused(id, 'bad-request', 'field "at" is the room\u2019s to set: leave it out');
  const command: Obj = { ...body, name };
  const shape = run(name.slice(0, 40), validateRoomCommandShape, command, () => ROOM_COMMAND_NAMES);
  if (!shape.ok) return refused(id, ROOM_COMMAND_NAMES.includes(name) ? 'invalid' : 'unknown-command', shape.error);
  const checked = validateRoomInput({ ...command, type: 'command', at });
  if (typeof checked === 'string') return refused(id, 'invalid', checked);
  const input: Obj = { ...checked };
  if (id !== null) input.id = id;
  return { ok: true, input, id };
}

/** The table events the room engine reads (`tableEvent` in ../engine/table-input.ts); the others are the table's
 * own business. They are dropped before the journal: at a few hundred tables, journaling every card and action
 * the room ignores was most of its work. */
export const ROOM_EVENT_TYPES: ReadonlySet<string> = new Set([
  'player.seated',
  'player.eliminated',
  'player.removed',
  'player.moved',
  'hand.started',
  'stack.set',
  'hand.ended',
  'chips.added',
]);

/** A room that keeps money also reads `pot.awarded` (who knocked a player out, for the bounties): one more event a
 * hand, journaled only then. */
export const MONEY_EVENT_TYPES: ReadonlySet<string> = new Set([...ROOM_EVENT_TYPES, 'pot.awarded']);

/** What of a table's `state` the room reads (`tableState`): the players, the button, the big blind, the game
 * (R-STUD-BALANCE), and the stacks between hands (during a hand they change with every bet, and the room waits for
 * the hand's end). A state with the same digest as the last one journaled for that table tells the room nothing and
 * is not journaled. */
export function stateDigest(s: Obj): string {
  const between = s.hand === null || s.hand === undefined;
  const seats = Array.isArray(s.seatInfo) ? s.seatInfo : [];
  return JSON.stringify([
    seats.map((x: unknown) => (isObj(x) ? [x.seat, x.player, between ? x.stack : null] : null)),
    s.button,
    s.bigBlindSeat ?? s.bigBlind,
    s.game,
  ]);
}

/** What is journaled of a table's `state`: the fields the room engine reads (`tableState` in
 * ../engine/table-input.ts: seq, each seat's seat, player and stack, button, bigBlindSeat, bigBlind, game) and the
 * `hand` the digest reads. A table's whole state is about 2 kB (every seat's flags, the board, the pots, the clock),
 * most of a day's journal and of what a restart replays; this is a few hundred bytes (docs/scaling.md, "Memory"). */
export function roomStateFields(s: Obj): Obj {
  const { seq, hand, button, bigBlindSeat, bigBlind, game } = s;
  const seats = Array.isArray(s.seatInfo) ? s.seatInfo : [];
  const seatInfo = seats.map((x: unknown) => (isObj(x) ? { seat: x.seat, player: x.player, stack: x.stack } : x));
  return { seq, hand, seatInfo, button, bigBlindSeat, bigBlind, game };
}

/** A table's message on `<base>/events`, `<base>/state` or `<base>/status`, or why it is dropped. */
export function tableInput(
  table: string,
  kind: 'events' | 'state' | 'status',
  payload: Buffer,
  at: number,
): Obj | string {
  if (kind === 'status') {
    const status = payload.toString('utf8');
    if (status !== 'online' && status !== 'offline')
      return `status "${status.slice(0, 40)}" is neither online nor offline`;
    return { type: 'table', table, status, at };
  }
  // A retained message cleared by the table (empty payload) says nothing.
  if (payload.length === 0) return 'empty payload';
  const body = parseObject(payload);
  if (typeof body === 'string') return body;
  return kind === 'events'
    ? { type: 'table', table, event: body, at }
    : { type: 'table', table, state: roomStateFields(body), at };
}
