// Whether another controller holds this table on the external broker: the same probe `npm start` runs before it
// opens the journal (src/mqtt/preflight.ts), so the doctor says beforehand what the start would refuse.
import pino from 'pino';
import type { TableConfig } from '../../config/types.ts';
import { baseTopicOf, externalConnection } from '../../mqtt/index.ts';
import { checkNoOtherController } from '../../mqtt/preflight.ts';
import { describeController, newControllerRecord } from '../../mqtt/presence.ts';
import { fail, ok, skip, warn, type CheckResult } from './report.ts';

export async function checkOtherController(config: Readonly<TableConfig>): Promise<CheckResult> {
  const ext = config.mqtt.external;
  if (!ext) return skip('controller', 'embedded broker: only this process can be the table’s controller');
  const base = baseTopicOf(config.mqtt.baseTopic, config.table.id);
  let connection;
  try {
    connection = externalConnection(ext);
  } catch (error) {
    return fail('controller', (error as Error).message, 'fix mqtt.external in the config');
  }
  const result = await checkNoOtherController({
    connection,
    base,
    tableId: config.table.id,
    self: newControllerRecord(),
    logger: pino({ level: 'silent' }),
  });
  if (result.kind === 'taken')
    return fail(
      'controller',
      `another controller holds table ${base} on ${ext.url}: ${describeController(result.other)}`,
      'two tables with the same table.id? give this one its own table.id, or stop the other (`sudo systemctl stop pokertable` on its host)',
    );
  if (result.kind === 'unknown')
    return warn(
      'controller',
      `could not ask ${ext.url} whether another controller holds table ${base}: ${result.reason}`,
      'the table starts anyway; the broker account may lack the controller topics (docs/mqtt.md)',
    );
  const before = result.previous ? `; the last one was ${describeController(result.previous)}, not running now` : '';
  return ok('controller', `no other controller holds table ${base}${before}`);
}
