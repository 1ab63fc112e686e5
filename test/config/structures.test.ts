// Saved blind structures (config/structures/ and a venue's structures/ beside the table config): checked at start
// with the engine's own levels check, and the doctor's config check reports a bad one.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { runDoctor } from '../../src/app/doctor/run.ts';
import { startHardwareTable } from '../../src/app/hardware.ts';
import { freePort } from '../helpers/mosquitto.ts';
import { loadStructures, structureDirs, SHIPPED_STRUCTURES_DIR } from '../../src/config/structures.ts';
import { MIXED_GAMES } from '../../src/domain/games/mixed.ts';
import type { PlayingLevel } from '../../src/domain/types.ts';
import { scenario } from '../helpers/scenario.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function venue(files: Record<string, unknown>, port = 1883): { dir: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pt-structures-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'structures'));
  for (const [name, body] of Object.entries(files))
    writeFileSync(join(dir, 'structures', name), typeof body === 'string' ? body : JSON.stringify(body));
  const config = join(dir, 'table.yaml');
  writeFileSync(
    config,
    JSON.stringify({
      table: { id: 't1', seats: 6 },
      storage: { dir: join(dir, 'var') },
      mqtt: { embedded: { port, wsPort: null } },
      http: { port: null },
      devices: [],
    }),
  );
  return { dir, config };
}

describe('blind structures', () => {
  it('ships structures the engine accepts, each with a title', () => {
    const shipped = loadStructures();
    expect(shipped.map((s) => s.name)).toEqual(expect.arrayContaining(['daily', 'turbo']));
    for (const s of shipped) expect(s.levels.length).toBeGreaterThan(1);
    expect(structureDirs(null)).toEqual([SHIPPED_STRUCTURES_DIR]);
  });

  it('ships H.O.R.S.E. (`"mixed": "horse"`): the levels rotate the sim’s games, each with what it needs', () => {
    const horse = loadStructures().find((s) => s.name === 'horse')!;
    const playing = horse.levels.filter((l): l is PlayingLevel => !('break' in l));
    expect(playing.slice(0, 6).map((l) => l.game)).toEqual([...MIXED_GAMES.horse!.map((p) => p.game), 'holdem']);
    expect(
      playing.every((l) => l.betting === 'limit' && l.smallBet === l.bigBlind && l.bigBet === 2 * l.bigBlind!),
    ).toBe(true);
    expect(playing[2]).toMatchObject({ game: 'razz', smallBlind: 150, bigBlind: 300, ante: 30, bringIn: 75 });
    expect(playing[0]).not.toHaveProperty('bringIn');
    expect(horse.levels.some((l) => 'break' in l)).toBe(true);
    // the table takes it as it is sent
    const s = scenario({ players: [1, 2, 3] });
    expect(s.send({ type: 'command', name: 'levels-start', levels: horse.levels })).toMatchObject([
      { type: 'level.changed', level: 1, game: 'holdem', betting: 'limit', smallBet: 100, bigBet: 200 },
    ]);
  });

  it("adds a venue's own structures, which replace a shipped one of the same name", () => {
    const { config } = venue({
      'turbo.json': { name: 'turbo', title: 'Our turbo', levels: [{ smallBlind: 25, bigBlind: 50, minutes: 8 }] },
      'friday.json': { name: 'friday', levels: [{ smallBlind: 50, bigBlind: 100, ante: 100, minutes: 30 }] },
    });
    const byName = new Map(loadStructures(structureDirs(config)).map((s) => [s.name, s]));
    expect(byName.get('turbo')).toMatchObject({ title: 'Our turbo', levels: [{ smallBlind: 25 }] });
    expect(byName.get('friday')).toMatchObject({ title: 'friday' });
    expect(byName.has('daily')).toBe(true);
  });

  it.each([
    [
      'bad.json',
      { name: 'bad', levels: [{ smallBlind: 400, bigBlind: 200, minutes: 20 }] },
      /bad\.json: \/levels: level 1 of the structure: the small blind \(400\) is larger than the big blind \(200\)/,
    ],
    [
      'named.json',
      { name: 'other', levels: [{ smallBlind: 1, bigBlind: 2, minutes: 1 }] },
      /named\.json: \/name: must be "named"/,
    ],
    ['extra.json', { name: 'extra', colour: 'red', levels: [] }, /extra\.json: \/colour: unknown field/],
    ['broken.json', '{"name": ', /broken\.json: not readable JSON/],
    ['mix.json', { name: 'mix', mixed: 'dealers-choice', levels: [] }, /mix\.json: \/mixed: must be one of horse/],
  ])('refuses %s with one sentence naming the file and the field', (file, body, message) => {
    const { config } = venue({ [file]: body });
    expect(() => loadStructures(structureDirs(config))).toThrow(message);
  });

  it('a bad saved structure fails the doctor and stops npm start, with the same sentence', async () => {
    const { config } = venue(
      { 'late.json': { name: 'late', levels: [{ smallBlind: 100, bigBlind: 200, minutes: 0 }] } },
      await freePort(),
    );
    const sentence = /structures\/late\.json: \/levels: level 1 of the structure: minutes must be more than 0/;
    const failed = (await runDoctor(config)).filter((r) => r.status === 'fail' && r.subject === 'config');
    expect(failed.map((r) => r.detail)).toEqual([expect.stringMatching(sentence)]);
    const started = startHardwareTable({ ...parseStartArgs([]), config }, pino({ level: 'silent' }));
    await expect(started).rejects.toThrow(sentence);
  });
});

describe("the structures' editor schema (config/structures/structure.schema.json)", () => {
  it('takes the shipped structures and a stud structure without blinds, as the table does; not a level with neither', () => {
    const schema = JSON.parse(readFileSync(join(SHIPPED_STRUCTURES_DIR, 'structure.schema.json'), 'utf8'));
    const check = new Ajv2020({ strict: false }).compile(schema);
    for (const file of readdirSync(SHIPPED_STRUCTURES_DIR).filter((f) => !f.endsWith('.schema.json'))) {
      const body = JSON.parse(readFileSync(join(SHIPPED_STRUCTURES_DIR, file), 'utf8'));
      expect(check(body), `${file}: ${JSON.stringify(check.errors)}`).toBe(true);
    }
    const razz = { game: 'razz', betting: 'limit', ante: 10, bringIn: 25, smallBet: 100, bigBet: 200, minutes: 20 };
    const structure = { name: 'razz', levels: [razz] };
    expect(check(structure), JSON.stringify(check.errors)).toBe(true);
    // the table's own check takes it too (R-STUD-BRING-IN: a stud level has no blinds)
    const { dir } = venue({ 'razz.json': structure });
    expect(loadStructures([join(dir, 'structures')]).find((s) => s.name === 'razz')?.levels).toEqual([razz]);
    expect(check({ name: 'neither', levels: [{ ante: 10, minutes: 20 }] })).toBe(false);
  });
});
