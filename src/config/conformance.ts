// The loaded table config's type (types.ts) held to the one generated from config/table.schema.json at compile
// time: a config the loader hands on is one the schema allows (docs/contract.md). Nothing here runs.
import type { Fits } from '../domain/conformance.ts';
import type { TableConfigSpec } from '../protocol/generated/table-config.ts';
import type { TableConfig } from './types.ts';

/** `source` is the loader's own: the file it read. */
export const conformance: { tableConfig: Fits<Omit<TableConfig, 'source'>, TableConfigSpec> } = { tableConfig: true };
