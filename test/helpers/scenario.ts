// A small driver for engine tests: a table with shipped profiles, time that moves forward, and the events.
import { loadProfiles } from '../../src/config/profiles.ts';
import { createTable } from '../../src/domain/table.ts';
import type { GameName } from '../../src/domain/games/index.ts';
import { numberedTable, type NumberedTable } from './numbered-table.ts';
import type { TableEvent } from '../../src/domain/types.ts';

const profiles = loadProfiles();

export interface Scenario {
  table: NumberedTable;
  events: TableEvent[];
  at: number;
  /** Sends an input (at = now + `after` ms, default 100) and returns its events. */
  send(input: Record<string, unknown>, after?: number): TableEvent[];
  cards(...cards: string[]): TableEvent[];
  act(...buttons: string[]): TableEvent[];
  last(type: string): TableEvent | undefined;
  all(type: string): TableEvent[];
  types(events?: TableEvent[]): string[];
}

export function scenario(
  opts: {
    profile?: string;
    seats?: number;
    players?: number[];
    button?: number;
    absent?: number[];
    rules?: Record<string, unknown>;
    deck?: Map<string, string>;
    game?: GameName;
  } = {},
): Scenario {
  const table = numberedTable(createTable({ profiles, deck: opts.deck }));
  const s: Scenario = {
    table,
    events: [],
    at: 0,
    send(input, after = 100) {
      s.at += after;
      const evs = table.apply({ at: s.at, ...input });
      s.events.push(...evs);
      return evs;
    },
    cards(...cards) {
      return cards.flatMap((card) => s.send({ type: 'card', card }));
    },
    act(...buttons) {
      return buttons.flatMap((button) => s.send({ type: 'panel', button }));
    },
    last: (type) => [...s.events].reverse().find((e) => e.type === type),
    all: (type) => s.events.filter((e) => e.type === type),
    types: (events = s.events) => events.map((e) => e.type),
  };
  const seats = opts.seats ?? 6;
  s.send(
    {
      type: 'command',
      name: 'setup',
      seats,
      profile: opts.profile ?? 'tda',
      ...(opts.rules ? { rules: opts.rules } : {}),
      ...(opts.game ? { game: opts.game } : {}),
    },
    0,
  );
  for (const seat of opts.players ?? [1, 2, 3, 4]) {
    s.send({ type: 'command', name: 'seat-player', seat, player: `P${seat}` }, 0);
    if (!(opts.absent ?? []).includes(seat)) s.send({ type: 'seat', seat, occupied: true }, 0);
  }
  s.send({ type: 'tick' }, 1000);
  if (opts.button !== undefined) s.send({ type: 'command', name: 'set-button', seat: opts.button }, 0);
  return s;
}

/** 52 distinct cards in a fixed order, for dealing. */
export const DECK = [
  'As',
  'Kd',
  'Qc',
  'Jh',
  'Ts',
  '9d',
  '8c',
  '7h',
  '6s',
  '5d',
  '4c',
  '3h',
  '2s',
  'Ad',
  'Kc',
  'Qh',
  'Js',
  'Td',
  '9c',
  '8h',
  '7s',
  '6d',
  '5c',
  '4h',
  '3s',
  '2d',
  'Ac',
  'Kh',
  'Qs',
  'Jd',
  'Tc',
  '9h',
  '8s',
  '7d',
  '6c',
  '5h',
  '4s',
  '3d',
  '2c',
  'Ah',
  'Ks',
  'Qd',
  'Jc',
  'Th',
  '9s',
  '8d',
  '7c',
  '6h',
  '5s',
  '4d',
  '3c',
  '2h',
];
