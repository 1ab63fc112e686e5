// Hand histories name each hand's game and structure from its hand.started (R-GAME-MIXED): limit hold'em in both
// formats, Omaha hi-lo's split pots (pot-limit and limit) in both, its PokerStars text read back half by half.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { chipsProblem } from '../../src/history/chips-check.ts';
import { HistoryFolder } from '../../src/history/folder.ts';
import type { OhhRecord } from '../../src/history/ohh-types.ts';
import { pokerStarsRefusal, pokerStarsText } from '../../src/history/pokerstars.ts';
import { publicForm } from '../../src/history/public-form.ts';
import { simulatedEvents } from '../helpers/history-session.ts';
import { readStarsHand } from '../helpers/stars-reader.ts';

const schema = new Ajv({ allErrors: true, strict: false }).compile(
  JSON.parse(readFileSync('schemas/ohh.schema.json', 'utf8')) as object,
);

function records(events: readonly TableEvent[]): OhhRecord[] {
  const folder = new HistoryFolder({ tableId: 't1', tournament: null, epoch: 'e1' });
  return events.flatMap((e) => folder.add(e) ?? []);
}

describe('hand histories of the other games and structures', () => {
  it('limit hold\'em with chips: FL in OHH, "Hold\'em Limit" in PokerStars text that reads back', () => {
    const all = records(simulatedEvents({ seed: 7, hands: 300, game: 'holdem', betting: 'limit', chips: true }));
    expect(all.length).toBeGreaterThan(250);
    let texts = 0;
    for (const record of all) {
      expect(schema(record), JSON.stringify(schema.errors)).toBe(true);
      expect(schema(publicForm(record))).toBe(true);
      expect(chipsProblem(record)).toBeNull();
      expect(record.ohh.bet_limit.bet_type).toBe('FL');
      expect(record.ohh.pokertable).toMatchObject({ game: 'holdem', betting: 'limit' });
      const text = pokerStarsText(record);
      if (text === null) continue;
      texts++;
      expect(text.split('\n')[0]).toMatch(/^PokerStars Hand #\d+: {2}Hold'em Limit \(\d+\/\d+\) - /);
      const read = readStarsHand(text);
      expect(read.players.map((p) => p.seat).sort()).toEqual(record.ohh.players.map((p) => p.seat).sort());
    }
    expect(texts).toBeGreaterThan(200);
  });

  it('Omaha hi-lo with chips, pot-limit: OmahaHiLo, every split pot balanced, PokerStars text read back', () => {
    const all = records(simulatedEvents({ seed: 8, hands: 200, game: 'omaha-hilo', chips: true }));
    expect(all.length).toBeGreaterThan(150);
    const seen = checkHiLoSession(all, 'PL', 'Omaha Hi/Lo Pot Limit');
    expect(seen.texts).toBeGreaterThan(150);
    expect(seen.split).toBeGreaterThan(10);
    expect(seen.scooped).toBeGreaterThan(0);
    expect(seen.quartered).toBeGreaterThan(0);
    expect(seen.noLow).toBeGreaterThan(0);
  });

  it('Omaha hi-lo PokerStars lines: both halves named, a line per half collected, the high half first', () => {
    const all = records(simulatedEvents({ seed: 8, hands: 200, game: 'omaha-hilo', chips: true }));
    const scoop = all.find((r) => {
      const h = r.ohh.pokertable.hilo!.halves.filter((x) => x.pot === 0);
      return r.ohh.pots.length === 1 && h.length === 2 && h[0]!.player_id === h[1]!.player_id;
    })!;
    const text = pokerStarsText(scoop)!;
    const [high, low] = scoop.ohh.pokertable.hilo!.halves;
    const who = scoop.ohh.players.find((p) => p.id === high!.player_id)!.name;
    expect(high!.half).toBe('high');
    expect(low!.half).toBe('low');
    expect(high!.amount + low!.amount).toBe(scoop.ohh.pots[0]!.amount);
    expect(text).toContain(`${who} collected ${high!.amount} from pot\n${who} collected ${low!.amount} from pot\n`);
    expect(text).toMatch(new RegExp(`\\n${who}: shows \\[[^\\]]+\\] \\(HI: [^;)]+; LO: [2-8](,[2-8A]){4}\\)\\n`));
    expect(text).toMatch(
      new RegExp(`: ${who} (\\(.+\\) )?showed \\[.+\\] and won \\(${scoop.ohh.pots[0]!.amount}\\) with HI: .+; LO: `),
    );
    const noLow = all.map((r) => pokerStarsText(r)).find((t) => t?.includes('No low hand qualified'))!;
    expect(noLow).toMatch(
      / collected \d+ from (pot|main pot)\n(.+ collected \d+ from .+\n)*No low hand qualified\n\*\*\* SUMMARY/,
    );
    expect(noLow).not.toMatch(/LO: .*\n(.*\n)*No low hand qualified/);
  });

  it('Omaha hi-lo with chips, limit: FL, "Omaha Hi/Lo Limit" text read back', () => {
    const all = records(simulatedEvents({ seed: 9, hands: 200, game: 'omaha-hilo', betting: 'limit', chips: true }));
    expect(all.length).toBeGreaterThan(150);
    const seen = checkHiLoSession(all, 'FL', 'Omaha Hi/Lo Limit');
    expect(seen.texts).toBeGreaterThan(150);
    expect(seen.split).toBeGreaterThan(0);
  });
});

/** Every record of a hi-lo session: schema, balance, halves; its PokerStars text read back equal to it. Counts the
 * pots of each kind: scooped (one seat takes both halves), split (one high, one other low), quartered (a half shared). */
function checkHiLoSession(all: readonly OhhRecord[], betType: string, game: string) {
  const seen = { texts: 0, split: 0, scooped: 0, quartered: 0, noLow: 0 };
  const problems: string[] = [];
  for (const record of all) {
    const hand = record.ohh;
    expect(schema(record), JSON.stringify(schema.errors)).toBe(true);
    expect(schema(publicForm(record)), JSON.stringify(schema.errors)).toBe(true);
    expect(chipsProblem(record)).toBeNull();
    expect(hand.game_type).toBe('OmahaHiLo');
    expect(hand.bet_limit.bet_type).toBe(hand.pokertable.chips_tracked ? betType : 'NL');
    const hilo = hand.pokertable.hilo!;
    expect(hilo).toBeDefined();
    for (const pot of hand.pots) {
      const halves = hilo.halves.filter((h) => h.pot === pot.number);
      // the halves are the pot's wins, share by share
      const sum = new Map<number, number>();
      for (const h of halves) sum.set(h.player_id, (sum.get(h.player_id) ?? 0) + h.amount);
      expect(Object.fromEntries(sum)).toEqual(
        Object.fromEntries(pot.player_wins.map((w) => [w.player_id, w.win_amount])),
      );
      const high = halves.filter((h) => h.half === 'high');
      const low = halves.filter((h) => h.half === 'low');
      if (low.length > 0)
        expect(high.reduce((s, h) => s + h.amount, 0)).toBeGreaterThanOrEqual(low.reduce((s, h) => s + h.amount, 0));
      if (high.length > 1 || low.length > 1) seen.quartered++;
      else if (high.length === 1 && low.length === 1 && high[0]!.player_id === low[0]!.player_id) seen.scooped++;
      else if (high.length === 1 && low.length === 1) seen.split++;
    }
    const text = pokerStarsText(record);
    if (text === null) {
      expect(pokerStarsRefusal(record)).not.toBeNull();
      continue;
    }
    seen.texts++;
    expect(text.split('\n')[0]).toContain(`:  ${game} (`);
    problems.push(...hiLoDisagreements(record, text));
    if (readStarsHand(text).noLow) seen.noLow++;
  }
  expect(problems).toEqual([]);
  return seen;
}

/** What the text, read back, says that the record does not: players and stacks, actions, chips put in, each half
 * collected (in order) and each player's total won, in the pot lines and in the summary. */
function hiLoDisagreements(record: OhhRecord, text: string): string[] {
  const hand = record.ohh;
  const read = readStarsHand(text);
  const name = new Map(hand.players.map((p) => [p.id, p.name]));
  const out: string[] = [];
  const same = (what: string, ours: unknown, theirs: unknown) => {
    if (JSON.stringify(ours) !== JSON.stringify(theirs))
      out.push(`${hand.game_number} ${what}: ${JSON.stringify(ours)} vs ${JSON.stringify(theirs)}`);
  };
  const players = [...hand.players].sort((a, b) => a.seat - b.seat);
  same(
    'players',
    players.map((p) => ({ seat: p.seat, name: p.name, stack: p.starting_stack })),
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
      else if (a.action === 'Fold' || a.action === 'Check') actions.push(`${who} ${street} ${a.action.toLowerCase()}s`);
      else if (a.action === 'Call' || a.action === 'Bet')
        actions.push(`${who} ${street} ${a.action.toLowerCase()}s ${a.amount}`);
      else if (a.action === 'Raise') actions.push(`${who} ${street} raises ${a.amount}`);
    }
  }
  // the posts come first in the text (antes, then blinds), the rest in order
  const posts = (list: string[]) => [
    ...list.filter((a) => a.includes(' post ')).sort(),
    ...list.filter((a) => !a.includes(' post ')),
  ];
  same('actions', posts(actions), posts(read.actions));
  same('chips put in', Object.fromEntries([...putIn].sort()), Object.fromEntries([...read.putIn].sort()));
  const hilo = hand.pokertable.hilo!;
  same(
    'halves',
    hilo.halves.map((h) => `${name.get(h.player_id)} ${h.amount}`),
    read.collections,
  );
  const won = new Map<string, number>();
  for (const p of hand.pots)
    for (const w of p.player_wins)
      won.set(name.get(w.player_id)!, (won.get(name.get(w.player_id)!) ?? 0) + w.win_amount);
  same('won', Object.fromEntries([...won].sort()), Object.fromEntries([...read.collected].sort()));
  same('won in the summary', Object.fromEntries([...won].sort()), Object.fromEntries([...read.summaryWon].sort()));
  same(
    'total pot',
    hand.pots.reduce((s, p) => s + p.amount, 0),
    read.totalPot,
  );
  same('no low', hand.pokertable.end === 'showdown' && hilo.low_rank === null, read.noLow);
  return out;
}
