// The table config loader: YAML in, a validated, defaulted, deeply frozen TableConfig out, or one TableError
// ('CONFIG_INVALID') naming the file and the field. Checks that a schema cannot express (unique names, files that
// must exist, device definitions that must be valid) happen here too, so a bad config fails at start, not at the
// first card.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { TableError } from '../domain/errors.ts';
import { validateTableConfig } from '../protocol/generated/validate-config.ts';
import type { TableConfig } from './types.ts';
import { DEVICES_DIR, resolveDevice } from './devices.ts';
import { findKind, placeProblems } from '../hardware/registry.ts';
import { deepFreeze, displayPath, fieldErrors, invalid, type FieldError } from './schema.ts';
import { readYamlMapping } from './yaml.ts';

export { loadDeviceDefinition, resolveDevice, type DeviceDefinition, type ResolvedDevice } from './devices.ts';

export interface LoadTableOptions {
  /** Where bare definition names are looked up (the shipped devices/ by default). */
  devicesDir?: string;
}

export function loadTableConfig(file: string, options: LoadTableOptions = {}): Readonly<TableConfig> {
  const data = readYamlMapping(file, 'at least `table: {id: …}`');
  // compiled from config/table.schema.json with the engine's seat limits (src/protocol/limits.ts) by `npm run contract`
  if (!validateTableConfig(data)) throw invalid('CONFIG_INVALID', file, fieldErrors(validateTableConfig.errors));

  const config = data as Omit<TableConfig, 'source'>;
  // `http: null` is the short way to say no web server.
  if ((config.http as TableConfig['http'] | null) === null) config.http = { host: '127.0.0.1', port: null };
  const configDir = dirname(resolve(file));
  const problems: FieldError[] = [];

  // Relative paths follow the config file, not the directory the service happens to start in.
  const table = config.table;
  if (table.deckFile !== null) table.deckFile = resolve(configDir, table.deckFile);
  if (table.chipsFile) table.chipsFile = resolve(configDir, table.chipsFile);
  config.storage.dir = resolve(configDir, config.storage.dir);

  const ext = config.mqtt.external;
  if (ext) {
    // ajv does not fill defaults inside oneOf branches.
    ext.rejectUnauthorized ??= true;
    for (const key of ['caFile', 'certFile', 'keyFile'] as const) {
      const value = ext[key];
      if (value === undefined) continue;
      ext[key] = resolve(configDir, value);
      if (!existsSync(ext[key]))
        problems.push({ field: `/mqtt/external/${key}`, message: `file ${ext[key]} does not exist` });
    }
    if ((ext.certFile === undefined) !== (ext.keyFile === undefined)) {
      problems.push({
        field: '/mqtt/external/keyFile',
        message: 'certFile and keyFile go together (client certificate)',
      });
    }
  }

  duplicates(
    config.mqtt.embedded.users.map((u) => u.username),
    '/mqtt/embedded/users',
    'username',
    problems,
  );
  duplicates(
    config.devices.map((d) => d.name),
    '/devices',
    'name',
    problems,
  );
  const { port, wsPort } = config.mqtt.embedded;
  if (ext === null && wsPort === port)
    problems.push({ field: '/mqtt/embedded/wsPort', message: `must differ from port (${port})` });
  if (ext === null && config.http.port !== null && (config.http.port === port || config.http.port === wsPort)) {
    problems.push({ field: '/http/port', message: `${config.http.port} is already an MQTT port` });
  }

  config.devices.forEach((ref, i) => {
    try {
      const { kind } = resolveDevice(ref, configDir, options.devicesDir ?? DEVICES_DIR);
      // a card antenna's place (R-CARD-PLACE), a chip reader's seat; no other kind has them
      for (const [field, message] of placeProblems(ref, kind, config.table.seats))
        problems.push({ field: `/devices/${i}/${field}`, message });
      if (findKind(kind)?.needsChips && !table.chipsFile)
        problems.push({
          field: '/table/chipsFile',
          message: `is needed by the chip reader "${ref.name}": enroll the chips with \`npm run chips -- enroll\``,
        });
    } catch (err) {
      if (!(err instanceof TableError)) throw err;
      // The definition file's own errors name their file; say which config entry pulled it in.
      problems.push({ field: `/devices/${i}/definition`, message: err.message.replace(/\n/g, '; ') });
    }
  });

  if (problems.length > 0) throw invalid('CONFIG_INVALID', file, problems);
  return deepFreeze({ source: displayPath(file), ...config });
}

function duplicates(values: string[], path: string, key: string, problems: FieldError[]): void {
  const seen = new Map<string, number>();
  values.forEach((v, i) => {
    const first = seen.get(v);
    if (first !== undefined)
      problems.push({ field: `${path}/${i}/${key}`, message: `"${v}" is already used by ${path}/${first}` });
    else seen.set(v, i);
  });
}
