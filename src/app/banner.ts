// What a technician sees first when a table with a config starts at a terminal: where its pages are, who logs in to
// the floor page, where the journal is and what is plugged in, as the simulated table prints it. Passwords are never
// printed: they are in the config, which the technician has.
import type { TableConfig } from '../config/types.ts';
import type { TableApp } from './table-app.ts';

export function hardwareBanner(config: Readonly<TableConfig>, app: TableApp, logs: string): string[] {
  const t = config.table;
  const floorUsers = config.mqtt.external ? 'log in with a floor account of the venue broker' : floorLogins(config);
  const devices = config.devices.map((d) => `${d.name} (${d.definition})`).join(', ');
  return [
    `pokertable: table "${t.id}", ${t.seats} seats, ${t.game}, profile ${t.profile}` +
      `${config.room ? `, in room ${config.room}` : ''}; config ${config.source}`,
    `  display board  ${app.urls.board ?? '(off: http.port is null)'}`,
    `  floor page     ${app.urls.floor ?? '(off)'}   ${floorUsers}`,
    `  MQTT           ${app.urls.mqtt}   WebSocket ${app.urls.ws ?? '(off)'}   topics ${app.bridge.base}/#`,
    `  journal        ${config.storage.dir}   logs: ${logs} at ${config.log.level}`,
    `  devices        ${devices || '(none)'}`,
  ];
}

function floorLogins(config: Readonly<TableConfig>): string {
  const names = config.mqtt.embedded.users.filter((u) => u.roles.includes('floor')).map((u) => u.username);
  if (names.length === 0) return 'no floor account: add one to mqtt.embedded.users with roles [floor]';
  return `log in as ${names.join(' or ')} (the password is in the config)`;
}
