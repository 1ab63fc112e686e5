// One contract layer (src/protocol): card and tag-id notation and the seat limits are defined once, every layer
// reads that one definition, and the JSON Schemas users get (schemas/*.json) state the same rules.
import { TEST_DIR } from '../helpers/paths.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import * as deckCards from '../../src/enrolment/deck/cards.ts';
import * as domainCards from '../../src/domain/cards.ts';
import * as domainLimits from '../../src/domain/limits.ts';
import { normalizeUid as shoeUid } from '../../src/hardware/shoe/spec.ts';
import { DOMAIN_ERROR_CODES } from '../../src/domain/errors.ts';
import { evaluate } from '../../src/domain/evaluator/high.ts';
import type { Input } from '../../src/domain/types.ts';
import { validateInput as validateEngineInput } from '../../src/domain/validate/validate.ts';
import { MAX_SEATS, MIN_SEATS } from '../../src/protocol/limits.ts';
import { deckByRank, fullDeck, isCard, normalizeUid, parseCard } from '../../src/protocol/notation.ts';

const schema = (name: string) =>
  JSON.parse(readFileSync(join(TEST_DIR, '../schemas', name), 'utf8')) as {
    definitions: Record<string, Record<string, unknown>>;
  };
const input = schema('input.schema.json');
const command = schema('command.schema.json');

describe('notation and limits are defined once', () => {
  test('the engine, the deck tools and the shoe use the protocol module, not copies', () => {
    expect(domainCards.parseCard).toBe(parseCard);
    expect(domainCards.normalizeUid).toBe(normalizeUid);
    expect(shoeUid).toBe(normalizeUid);
    expect(deckCards.isCard).toBe(isCard);
    expect(domainLimits.MAX_SEATS).toBe(MAX_SEATS);
    expect(deckCards.ENROLL_ORDER).toEqual(fullDeck());
    expect(new Set(deckByRank())).toEqual(new Set(fullDeck()));
  });

  test('the evaluator reads the same notation', () => {
    expect(evaluate(['As', 'Ks', 'Qs', 'Js', 'Ts']).name).toBe('Royal Flush');
    expect(evaluate(['2c', '3d', '4h', '5s', 'Ac']).category).toBe(evaluate(['6c', '3d', '4h', '5s', '2c']).category);
  });
});

describe("the schemas state the same notation as the code (the schema's pattern and the parser agree)", () => {
  const cardPattern = new RegExp(String(input.definitions.cardText!.pattern));
  const uidSchema = (input.definitions.card!.else as { properties: { uid: { pattern: string } } }).properties.uid;
  const uidPattern = new RegExp(uidSchema.pattern);
  test.each(['As', 'td', '10h', ' 9C ', 'Ts', 'Xx', '1s', 'A', 'Ass', '', '10', 'AS'])('card %j', (text) => {
    expect(parseCard(text) !== null).toBe(cardPattern.test(text));
  });
  test.each(['04A1B2', '04:a1:b2', '04 a1-b2.c3', '04a', '0', 'zz', '', 'ab'.repeat(32), 'ab'.repeat(32) + 'a', '::'])(
    'uid %j',
    (text) => {
      expect(normalizeUid(text) !== null).toBe(uidPattern.test(text));
    },
  );
  test('seat numbers and table sizes', () => {
    expect(input.definitions.seatNumber).toMatchObject({ minimum: 1, maximum: MAX_SEATS });
    expect(command.definitions.seatNumber ?? command.definitions.seat).toMatchObject({ maximum: MAX_SEATS });
    const setup = command.definitions.setup as { properties: { seats: object } };
    expect(setup.properties.seats).toMatchObject({ minimum: MIN_SEATS, maximum: MAX_SEATS });
  });
});

describe('files stay small (design.md: split by concern)', () => {
  test('no file of the contract layer or the MQTT edge is over 300 lines', () => {
    for (const dir of ['src/protocol', 'src/mqtt']) {
      for (const name of readdirSync(join(TEST_DIR, '..', dir), { recursive: true, encoding: 'utf8' })) {
        if (!name.endsWith('.ts') || name.startsWith('generated/')) continue; // npm run contract writes those
        const lines = readFileSync(join(TEST_DIR, '..', dir, name), 'utf8').split('\n').length - 1;
        expect({ file: `${dir}/${name}`, over: lines > 300 }).toEqual({ file: `${dir}/${name}`, over: false });
      }
    }
  });
});

describe('error codes: the domain names only its own', () => {
  test('no file in src/domain throws an infrastructure code (storage, MQTT, config, devices)', () => {
    const domain = join(TEST_DIR, '../src/domain');
    const thrown = new Set<string>();
    for (const name of readdirSync(domain, { recursive: true, encoding: 'utf8' })) {
      if (!name.endsWith('.ts')) continue;
      const text = readFileSync(join(domain, name), 'utf8');
      for (const m of text.matchAll(/TableError\(\s*'([A-Z_]+)'/g)) thrown.add(m[1]!);
      // and no infrastructure code written anywhere else in the engine either
      for (const m of text.matchAll(/'(JOURNAL_[A-Z]+|STORAGE_FULL|MQTT_[A-Z]+|CONFIG_INVALID|DEVICE_[A-Z]+)'/g))
        thrown.add(m[1]!);
    }
    expect(thrown.size).toBeGreaterThan(0);
    expect([...thrown].filter((code) => !(DOMAIN_ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
  });
});

describe('the documented `raises` is part of Input', () => {
  test('a short all-in keeps `raises: false` through validation, typed', () => {
    const shortAllIn: Input = { at: 1, type: 'panel', button: 'allin', raises: false };
    expect(validateEngineInput(structuredClone(shortAllIn))).toEqual(shortAllIn);
    expect(validateEngineInput({ at: 1, type: 'panel', button: 'allin', raises: 'no' })).toMatch(/raises/);
  });
});
