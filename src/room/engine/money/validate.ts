// The `money` of a room's `setup` (docs/room-money.md), checked field by field with a sentence for each mistake.
// The room config's schema (config/room.schema.json) says the same; this is what the engine itself accepts, so a
// replay or a hand-written setup is held to it too.
import { TableError } from '../../../domain/errors.ts';
import type { BountyRules, MoneyRules, PayoutRule } from './types.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
/** 10 million in cents: no entry, rebuy or guarantee of a room goes near it, and sums stay exact. */
const MAX_CENTS = 10_000_000_00;
const SHARES = 10_000; // payout shares are hundredths of a percent

// A mistake stops the check at once: thrown as the one error class with its code, caught below.
const bad = (message: string): never => {
  throw new TableError('INPUT_INVALID', `setup: money/${message}`);
};

function cents(o: Obj, key: string, fallback?: number, where = ''): number {
  const v = o[key] ?? fallback;
  if (!isInt(v) || v < 0 || v > MAX_CENTS)
    bad(`${where}${key} must be a whole number of cents from 0 to ${MAX_CENTS} (e.g. 10000 for 100.00)`);
  return v as number;
}

function whole(o: Obj, key: string, min: number, what: string, where = ''): number {
  const v = o[key];
  if (!isInt(v) || v < min || v > 1_000_000_000) bad(`${where}${key} must be ${what}`);
  return v as number;
}

function only(o: Obj, where: string, keys: string[]): void {
  const extra = Object.keys(o).find((k) => !keys.includes(k));
  if (extra !== undefined) bad(`${where}${extra.slice(0, 40)} is not a known field (known: ${keys.join(', ')})`);
}

function section(raw: Obj, key: string): Obj | null {
  const v = raw[key];
  if (v === undefined || v === null) return null;
  if (!isObj(v)) bad(`${key} must be an object, or null for none`);
  return v as Obj;
}

/** A list of shares in hundredths of a percent, best place first, adding up to 100 % (10000). */
function places(v: unknown, where: string): number[] {
  if (!Array.isArray(v) || v.length === 0 || v.length > 10_000)
    bad(`${where} must list each paid place's share in hundredths of a percent, e.g. [5000, 3000, 2000]`);
  const list = v as unknown[];
  if (!list.every((x) => isInt(x) && x >= 1)) bad(`${where}: each share is a whole number from 1 (0.01 %)`);
  const sum = (list as number[]).reduce((a, b) => a + b, 0);
  if (sum !== SHARES) bad(`${where} adds up to ${sum / 100} %: the shares must make exactly 100 % (10000)`);
  for (let i = 1; i < list.length; i++)
    if ((list[i] as number) > (list[i - 1] as number)) bad(`${where}: a place must not pay more than a better one`);
  return list as number[];
}

function payout(v: unknown): PayoutRule {
  // `{standard: true}` is how the rule reads back (a journaled setup is checked again)
  if (v === undefined || v === 'standard' || (isObj(v) && v.standard === true && Object.keys(v).length === 1))
    return { standard: true };
  if (!isObj(v)) return bad('payout must be "standard", {places: [...]} or {byEntries: [{upTo, places}, ...]}');
  if (v.places !== undefined) {
    only(v, 'payout/', ['places']);
    return { places: places(v.places, 'payout/places') };
  }
  if (!Array.isArray(v.byEntries) || v.byEntries.length === 0)
    return bad('payout must be "standard", {places: [...]} or {byEntries: [{upTo, places}, ...]}');
  only(v, 'payout/', ['byEntries']);
  let last = 0;
  const rows = v.byEntries.map((row: unknown, i: number) => {
    const where = `payout/byEntries/${i}`;
    if (!isObj(row)) return bad(`${where} must be {upTo, places}`);
    only(row, `${where}/`, ['upTo', 'places']);
    const upTo = whole(row, 'upTo', last + 1, `a number of entries above the row before (${last})`);
    last = upTo;
    return { upTo, places: places(row.places, `${where}/places`) };
  });
  return { byEntries: rows };
}

function bounty(raw: Obj): BountyRules | null {
  const b = section(raw, 'bounty');
  if (!b) return null;
  only(b, 'bounty/', ['amount', 'progressive']);
  const amount = cents(b, 'amount', undefined, 'bounty/');
  if (amount < 1) bad('bounty/amount must be at least 1 cent');
  if (b.progressive === undefined || b.progressive === false) return { amount, progressive: false };
  if (!isInt(b.progressive) || b.progressive < 1 || b.progressive > 99)
    bad(
      "bounty/progressive is the percent of a knocked-out bounty that goes onto the eliminator's own (1 to 99; 50 is usual), or false for a fixed bounty",
    );
  return { amount, progressive: b.progressive as number };
}

const KEYS = [
  'currency',
  'buyIn',
  'fee',
  'registrationUntilLevel',
  'reEntry',
  'rebuy',
  'addOn',
  'guarantee',
  'bounty',
  'payout',
];

/** The setup's `money`, or the sentence saying what is wrong. */
export function validateMoney(raw: unknown): MoneyRules | string {
  try {
    if (!isObj(raw)) return bad('money must be an object: {buyIn, fee, …}');
    only(raw, '', KEYS);
    const currency = raw.currency ?? 'EUR';
    if (typeof currency !== 'string' || !/^[A-Za-z$€£¥]{1,8}$/.test(currency))
      bad('currency must be a short label such as EUR or USD');
    const regUntil = raw.registrationUntilLevel;
    if (regUntil !== undefined && regUntil !== null && (!isInt(regUntil) || regUntil < 1))
      bad('registrationUntilLevel must be a level number from 1, or null (until the money)');
    const r = section(raw, 'reEntry');
    if (r) only(r, 'reEntry/', ['untilLevel', 'maxEntries']);
    const rb = section(raw, 'rebuy');
    if (rb) only(rb, 'rebuy/', ['untilLevel', 'maxStack', 'chips', 'price', 'fee', 'max']);
    const a = section(raw, 'addOn');
    if (a) only(a, 'addOn/', ['atBreak', 'chips', 'price', 'fee']);
    if (rb && rb.max !== undefined && rb.max !== null && (!isInt(rb.max) || rb.max < 1))
      bad('rebuy/max must be a number of rebuys an entry may take, from 1, or null for no limit');
    return {
      currency: currency as string,
      buyIn: cents(raw, 'buyIn'),
      fee: cents(raw, 'fee', 0),
      registrationUntilLevel: (regUntil ?? null) as number | null,
      reEntry: r && {
        untilLevel: whole(
          r,
          'untilLevel',
          1,
          'the last level (from 1) during which a player may enter again',
          'reEntry/',
        ),
        maxEntries: whole(
          r,
          'maxEntries',
          2,
          'the most entries a player may have, the first one included (from 2)',
          'reEntry/',
        ),
      },
      rebuy: rb && {
        untilLevel: whole(rb, 'untilLevel', 1, 'the last level (from 1) during which a rebuy is taken', 'rebuy/'),
        maxStack: whole(rb, 'maxStack', 0, 'the largest stack (chips) that may still rebuy', 'rebuy/'),
        chips: whole(rb, 'chips', 1, 'the chips a rebuy gives (from 1)', 'rebuy/'),
        price: cents(rb, 'price', undefined, 'rebuy/'),
        fee: cents(rb, 'fee', 0, 'rebuy/'),
        max: (rb.max ?? null) as number | null,
      },
      addOn: a && {
        atBreak: whole(a, 'atBreak', 1, 'the level (from 1) whose following break is the add-on break', 'addOn/'),
        chips: whole(a, 'chips', 1, 'the chips the add-on gives (from 1)', 'addOn/'),
        price: cents(a, 'price', undefined, 'addOn/'),
        fee: cents(a, 'fee', 0, 'addOn/'),
      },
      guarantee: cents(raw, 'guarantee', 0),
      bounty: bounty(raw),
      payout: payout(raw.payout),
    };
  } catch (e) {
    if (e instanceof TableError && e.code === 'INPUT_INVALID') return e.message;
    throw e;
  }
}
