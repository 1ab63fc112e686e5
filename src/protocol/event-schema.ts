// Events against schemas/event.schema.json, with the schema's words (tests and tools: the engine's own output). The
// check is compiled from the schema by `npm run contract`; it is apart from ./schemas.ts because the table itself
// never checks its events, so it does not load this code.
import { EVENT_TYPES, validateEventShape } from './generated/validate-event.ts';
import { run, type SchemaResult } from './schemas.ts';

export function validateEvent(event: unknown): SchemaResult {
  return run('event', validateEventShape, event, () => EVENT_TYPES);
}
