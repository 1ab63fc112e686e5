// Turns any JSON value into a typed room input, or the reason it is refused (`input.rejected`). Only the shape is
// checked here; whether a command makes sense now (a known table, a free seat) is the engine's `request.rejected`.
// Fields are read by fixed names from plain objects (docs/validation.md).
import { checkLevels } from '../../domain/levels/check.ts';
import { MAX_SEATS, MIN_SEATS } from '../../domain/limits.ts';
import { nameProblem, storedName } from '../../protocol/names.ts';
import { validateMoney } from './money/validate.ts';
import type { RoomCommand, RoomInput, SetupTable } from './types.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => {
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const MAX_NAME = 100;
const NAMES = 'setup, open-table, register, levels-start, levels-pause, levels-resume, balance-at, rebuy, add-on, deal';
const MAX_DEAL_CENTS = 10_000_000_00;
/** A table id is a topic level (`pokertable/<id>`): the same characters a table's config allows. */
const TABLE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const isName = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= MAX_NAME;

export function validateRoomInput(raw: unknown): RoomInput | string {
  if (!isObj(raw)) return 'an input must be a JSON object';
  const { at, type } = raw;
  if (!isInt(at) || at < 0) return '`at` must be a non-negative integer (milliseconds)';
  switch (type) {
    case 'tick':
      return { type, at };
    case 'command': {
      const command = validateCommand(raw);
      if (typeof command === 'string') return command;
      const id = typeof raw.id === 'string' ? { id: raw.id } : {};
      return { type, at, ...id, ...command };
    }
    case 'table': {
      const table = raw.table;
      if (!isName(table)) return '`table` must be a table id';
      const keys = ['event', 'state', 'status', 'stale', 'answer'].filter((k) => raw[k] !== undefined);
      if (keys.length !== 1) return 'a table input carries one of `event`, `state`, `status`, `stale` or `answer`';
      if (raw.stale !== undefined)
        return isInt(raw.stale) && raw.stale >= 0
          ? { type, at, table, stale: raw.stale }
          : '`stale` must be the seq a fresh state must reach';
      if (raw.answer !== undefined) {
        const a = raw.answer;
        if (!isObj(a) || !isInt(a.seq) || typeof a.code !== 'string')
          return '`answer` must be {seq, code, message?}: a table\u2019s refusal of a room command';
        const message = typeof a.message === 'string' ? { message: a.message.slice(0, 300) } : {};
        return { type, at, table, answer: { seq: a.seq, code: a.code.slice(0, 60), ...message } };
      }
      if (raw.status !== undefined) {
        if (raw.status !== 'online' && raw.status !== 'offline') return '`status` must be "online" or "offline"';
        return { type, at, table, status: raw.status };
      }
      if (raw.event !== undefined)
        return isObj(raw.event) ? { type, at, table, event: raw.event } : '`event` must be an object';
      return isObj(raw.state) ? { type, at, table, state: raw.state } : '`state` must be an object';
    }
    default:
      return '`type` must be "command", "table" or "tick"';
  }
}

function validateCommand(raw: Obj): RoomCommand | string {
  const name = raw.name;
  switch (name) {
    case 'setup':
      return validateSetup(raw);
    case 'open-table':
      return isName(raw.table) ? { name, table: raw.table } : 'open-table needs `table`, a table id';
    case 'register': {
      // one rule for who a player is, the table's and the pages' too (src/protocol/names.ts)
      const problem = typeof raw.player === 'string' ? nameProblem(raw.player) : null;
      if (problem !== null) return `register: ${problem}`;
      const player = typeof raw.player === 'string' ? storedName(raw.player) : null;
      return player !== null && isName(player)
        ? { name, player }
        : `register needs \`player\`, a name of 1 to ${MAX_NAME} characters`;
    }
    case 'levels-start': {
      const levels = checkLevels(raw.levels);
      return typeof levels === 'string' ? levels : { name, levels };
    }
    case 'levels-pause':
    case 'levels-resume':
      return { name };
    case 'balance-at':
      return isInt(raw.players) && raw.players >= 2
        ? { name, players: raw.players }
        : 'balance-at needs `players`, a whole number from 2';
    case 'rebuy':
    case 'add-on': {
      // the names rule, as for register
      const problem = typeof raw.player === 'string' ? nameProblem(raw.player) : null;
      if (problem !== null) return `${name}: ${problem}`;
      const player = typeof raw.player === 'string' ? storedName(raw.player) : null;
      return player !== null && isName(player)
        ? { name, player }
        : `${name} needs \`player\`, a name of 1 to ${MAX_NAME} characters`;
    }
    case 'deal':
      return validateDeal(raw.shares);
    default:
      return `command \`name\` must be one of ${NAMES}`;
  }
}

function validateDeal(shares: unknown): RoomCommand | string {
  const words = 'deal needs `shares`: [{player, amount}, …], each amount a whole number of cents';
  if (!Array.isArray(shares) || shares.length < 1 || shares.length > 100) return words;
  const list: { player: string; amount: number }[] = [];
  for (const s of shares as unknown[]) {
    if (!isObj(s) || typeof s.player !== 'string' || nameProblem(s.player) !== null) return words;
    const player = storedName(s.player); // the names rule, as for register
    if (!isName(player)) return words;
    if (!isInt(s.amount) || s.amount < 0 || s.amount > MAX_DEAL_CENTS) return words;
    list.push({ player, amount: s.amount });
  }
  return { name: 'deal', shares: list };
}

function validateSetup(raw: Obj): RoomCommand | string {
  const { tables, breakOrder, profile, rules, startingStack, seed, money } = raw;
  if (!Array.isArray(tables) || tables.length === 0) return 'setup needs `tables`: [{id, seats}, …]';
  const list: SetupTable[] = [];
  for (const [i, t] of tables.entries()) {
    if (!isObj(t) || typeof t.id !== 'string' || !TABLE_ID.test(t.id))
      return `setup: tables/${i}/id must be a table id (1 to 64 letters, digits, - or _)`;
    if (!isInt(t.seats) || t.seats < MIN_SEATS || t.seats > MAX_SEATS)
      return `setup: tables/${i}/seats must be a whole number from ${MIN_SEATS} to ${MAX_SEATS}`;
    if (t.open !== undefined && typeof t.open !== 'boolean') return `setup: tables/${i}/open must be true or false`;
    if (list.some((x) => x.id === t.id)) return `setup: tables/${i}/id "${t.id}" is used twice`;
    list.push(t.open === false ? { id: t.id, seats: t.seats, open: false } : { id: t.id, seats: t.seats });
  }
  if (!Array.isArray(breakOrder) || !breakOrder.every(isName)) return 'setup needs `breakOrder`: a list of table ids';
  for (const [i, id] of breakOrder.entries()) {
    if (!list.some((t) => t.id === id)) return `setup: breakOrder/${i} "${id}" is not one of the tables`;
    if (breakOrder.indexOf(id) !== i) return `setup: breakOrder/${i} "${id}" is listed twice`;
  }
  if (!isName(profile)) return 'setup needs `profile`, a profile name';
  if (startingStack !== undefined && (!isInt(startingStack) || startingStack < 1))
    return 'setup: startingStack must be a whole number of chips from 1';
  if (seed !== undefined && (!isInt(seed) || seed < 0 || seed > 0xffffffff))
    return 'setup: seed must be a whole number from 0 to 4294967295';
  const command: RoomCommand = { name: 'setup', tables: list, breakOrder: breakOrder, profile };
  if (rules !== undefined) {
    const room = isObj(rules) ? rules.room : undefined;
    if (!isObj(rules) || Object.keys(rules).some((k) => k !== 'room') || (room !== undefined && !isObj(room)))
      return 'setup: rules may only carry `room: {balanceAt?, balancePick?}`';
    if (room) {
      const extra = Object.keys(room).find((k) => k !== 'balanceAt' && k !== 'balancePick');
      if (extra !== undefined)
        return `setup: rules/room/${extra.slice(0, 40)} is not a room rule (balanceAt, balancePick)`;
      if (room.balanceAt !== undefined && (!isInt(room.balanceAt) || room.balanceAt < 2))
        return 'setup: rules/room/balanceAt must be a whole number from 2';
      if (room.balancePick !== undefined && room.balancePick !== 'next-big-blind' && room.balancePick !== 'random')
        return 'setup: rules/room/balancePick must be "next-big-blind" or "random"';
      command.rules = { room: { ...room } };
    } else command.rules = {};
  }
  if (startingStack !== undefined) command.startingStack = startingStack;
  if (seed !== undefined) command.seed = seed;
  if (money !== undefined) {
    const checked = validateMoney(money);
    if (typeof checked === 'string') return checked;
    command.money = checked;
  }
  return command;
}
