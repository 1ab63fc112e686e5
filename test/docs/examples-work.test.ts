// The example configs a newcomer is pointed at work as shipped (docs/room.md, "Set up a room on one machine"): the
// local room reaches the loopback mosquitto of config/mosquitto/fleet.conf, names the tables the documented
// `npm start -- --room local-room --table-id …` commands give, and keeps its journal outside git; the table example
// shows `room:`; the documented commands name files that exist.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { loadTableConfig } from '../../src/config/load.ts';
import { loadRoomConfig } from '../../src/room/config/load.ts';

describe('example configs', () => {
  it('config/room-local.yaml is the room of the documented steps, on the broker fleet.conf starts', () => {
    const room = loadRoomConfig('config/room-local.yaml');
    const listener = /^listener (\d+) (\S+)$/m.exec(readFileSync('config/mosquitto/fleet.conf', 'utf8'))!;
    expect(room.mqtt.url).toBe(`mqtt://${listener[2]}:${listener[1]}`);
    expect(room.room.id).toBe('local-room');
    expect(room.tables.map((t) => t.id)).toEqual(['table-01', 'table-02']);
    expect(room.web.port).toBe(8090);
    expect(room.storage.dir).toMatch(/\/var\/room-local$/); // var/ is in .gitignore
    const doc = readFileSync('docs/room.md', 'utf8');
    for (const id of ['table-01', 'table-02']) {
      const line = doc.split('\n').find((l) => l.includes(`--table-id ${id}`))!;
      const argv = line
        .replace(/^npm start -- /, '')
        .trim()
        .split(/\s+/);
      expect(parseStartArgs(argv)).toMatchObject({ room: 'local-room', broker: room.mqtt.url, tableId: id });
    }
  });

  it('config/table.example.yaml shows `room:` and still loads', () => {
    expect(readFileSync('config/table.example.yaml', 'utf8')).toMatch(/^room: null$/m);
    expect(loadTableConfig('config/table.example.yaml').room).toBeNull();
  });

  it('the files the room docs tell a newcomer to use exist', () => {
    const doc = readFileSync('docs/room.md', 'utf8');
    for (const file of doc.match(/config\/[\w/.-]+\.(?:yaml|conf)/g) ?? []) expect(existsSync(file), file).toBe(true);
  });
});
