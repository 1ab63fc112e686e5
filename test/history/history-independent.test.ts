// Our records read by a parser we did not write: @poker-apprentice/hand-history-parser, one of the two hand-history
// parsers on the npm registry (the other, hhp, reads our PokerStars hold'em: test/history/history-hhp.test.ts). It reads no
// PokerStars text (its one network is Ignition/Bovada/Bodog: it refuses a PokerStars hand, checked below), so every
// record of a 2,000-hand session with chips tracked is rendered as that network's text (test/helpers/ignition-text.ts)
// and the parser's players, stacks, hole cards, board, actions with their amounts, uncalled bets, showdown and pots
// are held equal to the OHH record's (docs/history.md).
import { parseHand, parseSite, type HandHistory } from '@poker-apprentice/hand-history-parser';
import { describe, expect, it } from 'vitest';
import { HistoryFolder } from '../../src/history/folder.ts';
import type { OhhRecord } from '../../src/history/ohh-types.ts';
import { pokerStarsText } from '../../src/history/pokerstars.ts';
import { simulatedEvents, type SessionOptions } from '../helpers/history-session.ts';
import { differenceList } from '../helpers/differences.ts';
import { ignitionText } from '../helpers/ignition-text.ts';

function records(o: SessionOptions): OhhRecord[] {
  const folder = new HistoryFolder({ tableId: 't1' });
  return simulatedEvents(o).flatMap((e) => {
    const r = folder.add(e);
    return r ? [r] : [];
  });
}

type Step = [string, number, number | null];

/** The record's actions in the parser's terms: [type, seat, amount]. */
function ours(record: OhhRecord): Step[] {
  const steps: Step[] = [];
  const names: Record<string, string> = {
    'Post SB': 'post',
    'Post BB': 'post',
    'Post Ante': 'post',
    Bet: 'bet',
    Call: 'call',
    Raise: 'raise',
    Check: 'check',
    Fold: 'fold',
  };
  for (const round of record.ohh.rounds) {
    for (const a of round.actions) {
      const type = names[a.action];
      if (type) steps.push([type, a.player_id, a.amount ?? null]);
    }
  }
  return steps;
}

function theirs(parsed: HandHistory): Step[] {
  const seat = new Map(parsed.players.map((p) => [p.name, p.seatNumber]));
  const steps: Step[] = [];
  for (const a of parsed.actions) {
    if (a.type === 'post' || a.type === 'bet' || a.type === 'call' || a.type === 'raise') {
      steps.push([a.type, seat.get(a.playerName)!, Number(a.amount)]);
    } else if (a.type === 'check' || a.type === 'fold') steps.push([a.type, seat.get(a.playerName)!, null]);
  }
  return steps;
}

/** What the parser read that the record does not say, one line per difference. */
function differences(record: OhhRecord, parsed: HandHistory): string[] {
  const { out, same } = differenceList(record);
  const hand = record.ohh;
  const seat = new Map(parsed.players.map((p) => [p.name, p.seatNumber]));
  const bySeat = <T>(pairs: [number, T][]) => [...pairs].sort((x, y) => x[0] - y[0]);
  same(
    'players',
    bySeat(hand.players.map((p) => [p.seat, p.starting_stack])),
    bySeat(parsed.players.map((p) => [p.seatNumber, Number(p.chipStack)])),
  );
  same('button', hand.dealer_seat, parsed.players.find((p) => p.position === 'BTN')?.seatNumber ?? hand.dealer_seat);
  // the format's blinds are the posts (a short stack's all-in post included); the level's are in the OHH header
  const posts = hand.rounds[0]!.actions.filter((a) => a.action === 'Post SB' || a.action === 'Post BB');
  same(
    'blinds',
    posts.map((a) => a.amount),
    parsed.info.blinds.map(Number),
  );
  same('actions', ours(record), theirs(parsed));
  same(
    'hole cards',
    bySeat(hand.players.map((p) => [p.seat, p.cards ?? []])),
    bySeat(parsed.actions.flatMap((a) => (a.type === 'deal-hand' ? [[seat.get(a.playerName)!, a.cards]] : []))),
  );
  same(
    'board',
    hand.rounds.flatMap((r) => r.cards ?? []),
    parsed.actions.flatMap((a) => (a.type === 'deal-board' ? a.cards : [])),
  );
  same(
    'uncalled',
    hand.pokertable.returned.map((r) => [r.player_id, r.amount]),
    parsed.actions.flatMap((a) => (a.type === 'return-bet' ? [[seat.get(a.playerName)!, Number(a.amount)]] : [])),
  );
  const showdown = hand.rounds.find((r) => r.street === 'Showdown')?.actions ?? [];
  same(
    'showdown',
    showdown.map((a) => [a.player_id, a.action === 'Mucks Cards']),
    parsed.actions.flatMap((a) => (a.type === 'showdown' ? [[seat.get(a.playerName)!, a.mucked]] : [])),
  );
  const won = new Map<number, number>();
  for (const p of hand.pots)
    for (const w of p.player_wins) won.set(w.player_id, (won.get(w.player_id) ?? 0) + w.win_amount);
  const collected = new Map<number, number>();
  for (const a of parsed.actions) {
    if (a.type === 'award-pot')
      collected.set(seat.get(a.playerName)!, (collected.get(seat.get(a.playerName)!) ?? 0) + Number(a.amount));
  }
  same('winners', bySeat([...won]), bySeat([...collected]));
  return out;
}

async function check(o: SessionOptions): Promise<{ hands: number; sidePots: number; allIns: number }> {
  const all = records(o);
  const problems: string[] = [];
  let sidePots = 0;
  let allIns = 0;
  for (const record of all) {
    const parsed = await parseHand({ hand: ignitionText(record) }).catch((e: Error) => e);
    if (parsed instanceof Error) {
      problems.push(`${record.ohh.game_number}: the parser refused it (${parsed.constructor.name})`);
      continue;
    }
    problems.push(...differences(record, parsed));
    if (parsed.actions.some((a) => a.type === 'award-pot' && a.isSidePot)) sidePots += 1;
    if (parsed.actions.some((a) => 'isAllIn' in a && a.isAllIn)) allIns += 1;
  }
  expect(problems.slice(0, 10)).toEqual([]);
  return { hands: all.length, sidePots, allIns };
}

describe('an independent parser reads our records', () => {
  it('it reads no PokerStars text: its site detection refuses our hands and a real PokerStars header alike', () => {
    const [record] = records({ seed: 1, hands: 1, game: 'holdem', chips: true, seats: 6 });
    const ours = pokerStarsText(record!)!;
    expect(() => parseSite(ours)).toThrow(/Error parsing site for hand history beginning: "PokerStars Hand #1:/);
    const real =
      "PokerStars Hand #105024000105: Tournament #797469411, $3.19+$0.31 USD Hold'em No Limit - Level I (10/20)";
    expect(() => parseSite(real)).toThrow(/Error parsing site/);
    expect(parseSite(ignitionText(record!))).toBe('ignition');
  });

  it("2,000 hands of hold'em with chips tracked: players, stacks, cards, actions, pots and winners agree", async () => {
    const { hands, sidePots, allIns } = await check({
      seed: 20_261_203,
      hands: 2000,
      game: 'holdem',
      chips: true,
      seats: 9,
    });
    expect(hands).toBe(2000);
    expect(sidePots).toBeGreaterThan(10);
    expect(allIns).toBeGreaterThan(100);
  }, 240_000);

  it('500 hands of pot-limit Omaha, 6 seats: the same', async () => {
    const { hands } = await check({ seed: 7, hands: 500, game: 'omaha', chips: true, seats: 6 });
    expect(hands).toBe(500);
  }, 120_000);
});
