// One controller per table id on a broker (docs/mqtt.md, "One controller per table"): before the journal opens,
// make sure no other controller holds the table; afterwards, a rival met on the broker stops this one.
import type { Logger } from 'pino';
import type { TableConfig } from '../config/types.ts';
import { TableError } from '../domain/errors.ts';
import { baseTopicOf, externalConnection } from '../mqtt/index.ts';
import { ControllerPresence, describeController, type ControllerConflict } from '../mqtt/presence.ts';

export interface TableClaim {
  presence: ControllerPresence;
  /** Rejects with MQTT_CONFLICT when a rival makes this controller give up (never resolves otherwise). */
  conflict: Promise<never>;
}

/** Throws MQTT_CONFLICT when another live controller holds the table on the external broker. */
export async function claimTable(config: Readonly<TableConfig>, logger: Logger): Promise<TableClaim> {
  const base = baseTopicOf(config.mqtt.baseTopic, config.table.id);
  let reject: (error: TableError) => void = () => undefined;
  const conflict = new Promise<never>((_, r) => (reject = r));
  conflict.catch(() => undefined); // observed by the caller when it matters
  const presence = new ControllerPresence({
    base,
    logger,
    onConflict: (c: ControllerConflict) => reject(new TableError('MQTT_CONFLICT', c.message)),
  });
  if (config.mqtt.external) {
    // preflight.ts loads mqtt.js: only a table on an external broker needs it.
    const { checkNoOtherController } = await import('../mqtt/preflight.ts');
    const result = await checkNoOtherController({
      connection: externalConnection(config.mqtt.external),
      base,
      tableId: config.table.id,
      self: presence.record,
      logger,
    });
    if (result.kind === 'taken') {
      const message =
        `another controller holds table ${base} on ${config.mqtt.external.url}: ${describeController(result.other)}; ` +
        'this one does not start (two tables with the same table.id?)';
      logger.error({ other: result.other, self: presence.record }, message);
      throw new TableError('MQTT_CONFLICT', message);
    }
    if (result.kind === 'unknown') {
      logger.warn({ reason: result.reason }, 'could not check for another controller of this table; starting');
      presence.lastSeen = result.seen ?? null;
    } else {
      presence.lastSeen = result.previous;
    }
  }
  return { presence, conflict };
}
