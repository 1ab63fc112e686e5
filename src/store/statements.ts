// The journal's SQL, prepared once per open file (schema: schema.ts).
import type { Database as Db, Statement } from 'better-sqlite3';

const SQL = {
  insertInput: 'INSERT INTO inputs (at, json) VALUES (?, ?)',
  insertEvent: 'INSERT INTO events (seq, at, type, json, input_id) VALUES (?, ?, ?, ?, ?)',
  setHead: 'UPDATE head SET last_seq = ?, last_applied = ? WHERE one = 1',
  head: 'SELECT last_seq, last_applied, pruned_through FROM head WHERE one = 1',
  inputsFrom: 'SELECT id, at, json FROM inputs WHERE id >= ? ORDER BY id LIMIT ?',
  input: 'SELECT id, at, json FROM inputs WHERE id = ?',
  lastInput: 'SELECT id, at, json FROM inputs ORDER BY id DESC LIMIT 1',
  eventsBetween: 'SELECT seq, json, input_id AS inputId FROM events WHERE seq BETWEEN ? AND ? ORDER BY seq',
  readEvents: 'SELECT json FROM events WHERE seq > ? ORDER BY seq LIMIT ?',
  cursor: 'SELECT cursor FROM sinks WHERE name = ?',
  addSink: 'INSERT OR IGNORE INTO sinks (name, cursor) VALUES (?, 0)',
  ack: `INSERT INTO sinks (name, cursor) VALUES (?, ?)
              ON CONFLICT (name) DO UPDATE SET cursor = max(cursor, excluded.cursor)`,
  sinks: 'SELECT name, cursor FROM sinks ORDER BY name',
  pruneEvents: 'DELETE FROM events WHERE seq <= ? AND at < ?',
  pruneInputs: 'DELETE FROM inputs WHERE id <= ? AND at < ? RETURNING id',
  setPruned: 'UPDATE head SET pruned_through = max(pruned_through, ?) WHERE one = 1',
  checkpoints: 'SELECT input_id AS inputId, seq, at, version FROM checkpoints ORDER BY input_id DESC',
  checkpointState: 'SELECT state FROM checkpoints WHERE input_id = ?',
  saveCheckpoint: 'INSERT OR REPLACE INTO checkpoints (input_id, seq, at, version, state) VALUES (?, ?, ?, ?, ?)',
  dropCheckpoints: 'DELETE FROM checkpoints WHERE input_id < ?',
  counts: 'SELECT (SELECT count(*) FROM inputs) AS inputs, (SELECT count(*) FROM events) AS events',
} as const;

/** The statements that return a single column give it plain (`pluck`). */
const PLUCKED = new Set<keyof typeof SQL>(['readEvents', 'cursor', 'pruneInputs', 'checkpointState']);

export type Statements = Record<keyof typeof SQL, Statement>;

export function prepareStatements(db: Db): Statements {
  const out = {} as Statements;
  for (const [name, sql] of Object.entries(SQL) as [keyof typeof SQL, string][]) {
    const statement = db.prepare(sql);
    out[name] = PLUCKED.has(name) ? statement.pluck() : statement;
  }
  return out;
}
