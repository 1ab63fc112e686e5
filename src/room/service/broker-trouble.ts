// The room's broker cannot be reached: said once, in a sentence a floor person can act on, then the room retries
// quietly (each attempt at debug) and says when it is connected again. MQTT.js reports every failed reconnect as an
// `error`, once a second: a warning each time drowned everything else in the log.
import type { Logger } from 'pino';

export interface BrokerTrouble {
  error(err: Error): void;
  connected(): void;
}

export function brokerTrouble(log: Logger, url: string): BrokerTrouble {
  let down = false;
  return {
    error(err) {
      if (down) {
        log.debug({ err: err.message }, 'room broker still unreachable');
        return;
      }
      down = true;
      log.warn({ url, err: err.message }, troubleSentence(url, err));
    },
    connected() {
      if (down) log.info({ url }, `the room reaches its broker at ${url} again`);
      down = false;
    },
  };
}

export function troubleSentence(url: string, err: Error): string {
  const code = (err as NodeJS.ErrnoException).code;
  const why = /not authori[sz]ed|bad user ?name or password/i.test(err.message)
    ? "refuses the room's account: check mqtt.username and mqtt.password in room.yaml against the broker's accounts"
    : code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === 'ETIMEDOUT'
      ? 'does not answer: check that the broker runs and that mqtt.url in room.yaml names it'
      : 'cannot be used: check mqtt.url and its TLS files in room.yaml';
  return `the room's broker at ${url} ${why}; the room keeps trying quietly and says when it is connected`;
}
