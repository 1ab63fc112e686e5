// One stud hand's record, checked as every record is: the folder builds exactly one, it validates against
// schemas/ohh.schema.json in its secure and public forms, and its chips balance.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { expect } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { chipsProblem } from '../../src/history/chips-check.ts';
import { HistoryFolder } from '../../src/history/folder.ts';
import type { OhhRecord } from '../../src/history/ohh-types.ts';
import { publicForm } from '../../src/history/public-form.ts';

const schema = new Ajv({ allErrors: true, strict: false }).compile(
  JSON.parse(readFileSync('schemas/ohh.schema.json', 'utf8')) as object,
);

export function studRecord(events: readonly TableEvent[]): OhhRecord {
  const folder = new HistoryFolder({ tableId: 't1' });
  const records = events.flatMap((e) => folder.add(e) ?? []);
  expect(records).toHaveLength(1);
  const record = records[0]!;
  for (const form of [record, publicForm(record)]) expect(schema(form), JSON.stringify(schema.errors)).toBe(true);
  expect(chipsProblem(record)).toBeNull();
  return record;
}
