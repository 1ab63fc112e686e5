// Hand histories (docs/history.md): every record of simulated sessions, chips tracked or not, hold'em and Omaha,
// validates against schemas/ohh.schema.json, balances (chips put in = chips won), carries each stack into the next
// hand, and its PokerStars text read back line by line gives the same players, stacks, actions, pots and winners.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { chipsBalance, chipsProblem } from '../../src/history/chips-check.ts';
import { HistoryFolder } from '../../src/history/folder.ts';
import type { OhhRecord } from '../../src/history/ohh-types.ts';
import { pokerStarsRefusal, pokerStarsText } from '../../src/history/pokerstars.ts';
import { publicForm } from '../../src/history/public-form.ts';
import { simulatedEvents, type SessionOptions } from '../helpers/history-session.ts';
import { readStarsHand } from '../helpers/stars-reader.ts';

const ajv = new Ajv({ allErrors: true, strict: false });
const schema = ajv.compile(JSON.parse(readFileSync('schemas/ohh.schema.json', 'utf8')) as object);
const validate = (value: unknown): boolean => schema(value);

function records(events: readonly TableEvent[], tournament: string | null = null): OhhRecord[] {
  const folder = new HistoryFolder({ tableId: 't1', tournament, epoch: 'e1' });
  return events.flatMap((e) => folder.add(e) ?? []);
}

function schemaErrors(record: OhhRecord): string[] {
  if (validate(record)) return [];
  return (schema.errors ?? []).map((e) => `${record.ohh.game_number} ${e.instancePath} ${e.message}`);
}

/** Each player's stack after the hand: the start, less what went in, plus what came back and what was won. */
function stacksAfter(record: OhhRecord): Map<number, number> {
  const after = new Map(record.ohh.players.map((p) => [p.seat, p.starting_stack]));
  for (const r of record.ohh.rounds)
    for (const a of r.actions) after.set(a.player_id, after.get(a.player_id)! - (a.amount ?? 0));
  for (const r of record.ohh.pokertable.returned) after.set(r.player_id, after.get(r.player_id)! + r.amount);
  for (const p of record.ohh.pots)
    for (const w of p.player_wins) after.set(w.player_id, after.get(w.player_id)! + w.win_amount);
  return after;
}

function checkChipsSession(o: SessionOptions, tournament: string | null = null) {
  const events = simulatedEvents(o);
  const all = records(events, tournament);
  expect(all).toHaveLength(events.filter((e) => e.type === 'hand.ended').length);
  const problems: string[] = [];
  let stars = 0;
  let lastStack = new Map<number, { name: string; stack: number }>();
  for (const record of all) {
    problems.push(...schemaErrors(record), ...schemaErrors(publicForm(record)));
    const balance = chipsProblem(record);
    if (balance) problems.push(balance);
    // a stack goes from one hand into the next (unless the floor or a rebuy changed it in between)
    for (const p of record.ohh.players) {
      const before = lastStack.get(p.seat);
      if (before && before.name === p.name && before.stack !== p.starting_stack && before.stack !== 0) {
        problems.push(
          `${record.ohh.game_number}: ${p.name} starts with ${p.starting_stack}, ended with ${before.stack}`,
        );
      }
    }
    const after = stacksAfter(record);
    lastStack = new Map(record.ohh.players.map((p) => [p.seat, { name: p.name, stack: after.get(p.seat)! }]));
    const text = pokerStarsText(record);
    if (text === null) {
      expect(record.ohh.pokertable.end, pokerStarsRefusal(record)!).toBe('misdeal');
      continue;
    }
    stars += 1;
    problems.push(...starsDisagreements(record, text));
  }
  expect(problems.slice(0, 10)).toEqual([]);
  return { all, stars, events };
}

/** The posts in any order (the format writes the antes first), then every other action in its order. */
function inOrder(actions: readonly string[]): string[] {
  const post = (a: string) => a.includes(' preflop post ');
  return [...actions.filter(post).sort(), ...actions.filter((a) => !post(a))];
}

/** What the text, read back, says that the record does not. */
function starsDisagreements(record: OhhRecord, text: string): string[] {
  const hand = record.ohh;
  const read = readStarsHand(text);
  const name = new Map(hand.players.map((p) => [p.id, p.name]));
  const out: string[] = [];
  const expectSame = (what: string, ours: unknown, theirs: unknown) => {
    if (JSON.stringify(ours) !== JSON.stringify(theirs))
      out.push(`${hand.game_number} ${what}: ${JSON.stringify(ours)} vs ${JSON.stringify(theirs)}`);
  };
  expectSame('hand', hand.pokertable.hand, read.hand);
  expectSame('button', hand.dealer_seat, read.button);
  expectSame(
    'players',
    [...hand.players]
      .sort((a, b) => a.seat - b.seat)
      .map((p) => ({ seat: p.seat, name: p.name, stack: p.starting_stack })),
    read.players,
  );
  const putIn = new Map<string, number>();
  const actions: string[] = [];
  for (const r of hand.rounds) {
    for (const a of r.actions) {
      const who = name.get(a.player_id)!;
      if (a.amount) putIn.set(who, (putIn.get(who) ?? 0) + a.amount);
      const street = r.street.toLowerCase();
      if (a.action.startsWith('Post ')) actions.push(`${who} preflop post ${a.amount}`);
      else if (a.action === 'Fold') actions.push(`${who} ${street} folds`);
      else if (a.action === 'Check') actions.push(`${who} ${street} checks`);
      else if (a.action === 'Call' || a.action === 'Bet')
        actions.push(`${who} ${street} ${a.action.toLowerCase()}s ${a.amount}`);
      else if (a.action === 'Raise') actions.push(`${who} ${street} raises ${a.amount}`);
    }
  }
  expectSame('actions', inOrder(actions), inOrder(read.actions));
  expectSame('chips put in', Object.fromEntries([...putIn].sort()), Object.fromEntries([...read.putIn].sort()));
  const won = new Map<string, number>();
  for (const p of hand.pots)
    for (const w of p.player_wins)
      won.set(name.get(w.player_id)!, (won.get(name.get(w.player_id)!) ?? 0) + w.win_amount);
  expectSame('winners', Object.fromEntries([...won].sort()), Object.fromEntries([...read.collected].sort()));
  expectSame('summary', Object.fromEntries([...won].sort()), Object.fromEntries([...read.summaryWon].sort()));
  const returned = new Map<string, number>();
  for (const r of hand.pokertable.returned) returned.set(name.get(r.player_id)!, r.amount);
  expectSame('uncalled', Object.fromEntries([...returned].sort()), Object.fromEntries([...read.uncalled].sort()));
  expectSame('pot', chipsBalance(record).inPots, read.totalPot);
  expectSame(
    'board',
    hand.rounds.flatMap((r) => r.cards ?? []),
    read.board.length === 0 ? [] : read.board,
  );
  return out;
}

describe('hand histories of a simulated session, chips tracked', () => {
  it("2,000 hands of hold'em: schema, chips balance, stacks carried over, PokerStars text read back", () => {
    const { all, stars } = checkChipsSession({ seed: 20_261_203, hands: 2000, game: 'holdem', chips: true, seats: 9 });
    expect(all).toHaveLength(2000);
    expect(stars).toBe(2000);
    // the session has what a record must get right: side pots, all-ins, showdowns, uncalled bets
    expect(all.some((r) => r.ohh.pots.length > 1)).toBe(true);
    expect(all.some((r) => r.ohh.rounds.some((x) => x.actions.some((a) => a.is_allin)))).toBe(true);
    expect(all.filter((r) => r.ohh.pokertable.end === 'showdown').length).toBeGreaterThan(200);
    expect(all.some((r) => r.ohh.pokertable.returned.length > 0)).toBe(true);
    expect(all.every((r) => r.ohh.game_type === 'Holdem' && r.ohh.bet_limit.bet_type === 'NL')).toBe(true);
  });

  it('500 hands of Omaha, pot limit, in a tournament room: four hole cards, the same checks', () => {
    const { all } = checkChipsSession({ seed: 7, hands: 500, game: 'omaha', chips: true, seats: 6 }, 'main-event');
    expect(all.every((r) => r.ohh.game_type === 'Omaha' && r.ohh.bet_limit.bet_type === 'PL')).toBe(true);
    expect(all.every((r) => r.ohh.players.every((p) => p.cards?.length === 4))).toBe(true);
    expect(all[0]!.ohh.tournament_info).toEqual({ tournament_number: 'main-event', name: 'main-event', type: 'MTT' });
    expect(pokerStarsText(all[0]!)).toMatch(/^PokerStars Hand #1: Tournament #\d+, Omaha Pot Limit - Level I \(/);
  });

  it('irregularities (misdeals, dead hands): records still balance; a misdeal has no PokerStars text', () => {
    const { all } = checkChipsSession({
      seed: 11,
      hands: 300,
      game: 'holdem',
      chips: true,
      seats: 9,
      irregularityRate: 0.3,
    });
    const misdeals = all.filter((r) => r.ohh.pokertable.end === 'misdeal');
    expect(misdeals.length).toBeGreaterThan(0);
    for (const r of misdeals) expect(pokerStarsRefusal(r)).toBe('a misdeal: the format has none');
    expect(all.some((r) => r.ohh.pokertable.dead.length > 0)).toBe(true);
  });
});

describe('hand histories without chips tracked', () => {
  it('actions without amounts, stacks and pots 0, winners named; valid; no PokerStars text', () => {
    const all = records(simulatedEvents({ seed: 5, hands: 200, game: 'holdem', chips: false, irregularityRate: 0.1 }));
    expect(all).toHaveLength(200);
    expect(all.flatMap(schemaErrors)).toEqual([]);
    for (const r of all) {
      expect(r.ohh.pokertable.chips_tracked).toBe(false);
      expect(r.ohh.rounds.flatMap((x) => x.actions).filter((a) => a.amount !== undefined)).toEqual([]);
      expect(r.ohh.players.every((p) => p.starting_stack === 0)).toBe(true);
      if (r.ohh.pokertable.end !== 'misdeal') expect(r.ohh.pots[0]!.player_wins.length).toBeGreaterThan(0);
      expect(pokerStarsRefusal(r)).toBe('chips are not tracked: the format needs every amount');
    }
    expect(all.some((r) => r.ohh.rounds.some((x) => x.actions.some((a) => a.action === 'Raise')))).toBe(true);
  });
});

describe('the record is a function of the events', () => {
  it('the same events give the same records; the public form keeps only shown cards', () => {
    const events = simulatedEvents({ seed: 9, hands: 150, game: 'holdem', chips: true, seats: 6 });
    const once = records(events);
    expect(records(events)).toEqual(once);
    let mucked = 0;
    for (const record of once) {
      const pub = JSON.stringify(publicForm(record));
      const showdown = record.ohh.rounds.find((r) => r.street === 'Showdown');
      const shown = new Set(showdown?.actions.filter((a) => a.action === 'Shows Cards').map((a) => a.player_id));
      for (const p of record.ohh.players) {
        for (const card of p.cards ?? []) {
          const onBoard = record.ohh.rounds.some((r) => r.cards?.includes(card));
          if (!shown.has(p.id) && !onBoard) expect(pub).not.toContain(`"${card}"`);
        }
        if (showdown?.actions.some((a) => a.player_id === p.id && a.action === 'Mucks Cards')) mucked += 1;
      }
    }
    expect(mucked).toBeGreaterThan(0);
    // and the check can fail: the secure form has the mucked cards
    const withMuck = once.find((r) => r.ohh.rounds.some((x) => x.actions.some((a) => a.action === 'Mucks Cards')))!;
    const muck = withMuck.ohh.rounds.flatMap((x) => x.actions).find((a) => a.action === 'Mucks Cards')!;
    expect(JSON.stringify(withMuck)).toContain(`"${muck.cards![0]}"`);
    expect(JSON.stringify(publicForm(withMuck))).not.toContain(`"${muck.cards![0]}"`);
  });
});
