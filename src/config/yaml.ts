// A config file read as YAML (the table's config and the room's): its mapping, or one TableError ('CONFIG_INVALID')
// naming the file and, for a YAML error, the line and column. Schema checks come after, in each loader.
import { readFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { TableError } from '../domain/errors.ts';
import { displayPath, invalid, unreadable } from './schema.ts';

/** `wants` says what the mapping must hold, for the message when the file is not a mapping. */
export function readYamlMapping(file: string, wants: string): object {
  const shown = displayPath(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new TableError('CONFIG_INVALID', unreadable(file, err), { file: shown });
  }
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const lines = doc.errors.map((e) => {
      const at = e.linePos?.[0];
      return `${shown}${at ? `:${at.line}:${at.col}` : ''}: ${e.message.split('\n')[0] ?? e.code}`;
    });
    throw new TableError('CONFIG_INVALID', lines.join('\n'), { file: shown });
  }
  const data: unknown = doc.toJS({ maxAliasCount: 100 });
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw invalid('CONFIG_INVALID', file, [{ field: '/', message: `must be a YAML mapping with ${wants}` }]);
  return data;
}
