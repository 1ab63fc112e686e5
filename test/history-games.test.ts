// Hand histories name each hand's game and structure from its hand.started (R-GAME-MIXED): limit hold'em in both
// formats, Omaha hi-lo's split pots in OHH (its PokerStars text is not written yet, and says so).
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { TableEvent } from '../src/domain/types.ts';
import { chipsProblem } from '../src/history/chips-check.ts';
import { HistoryFolder } from '../src/history/folder.ts';
import type { OhhRecord } from '../src/history/ohh-types.ts';
import { pokerStarsRefusal, pokerStarsText } from '../src/history/pokerstars.ts';
import { publicForm } from '../src/history/public-form.ts';
import { simulatedEvents } from './helpers/history-session.ts';
import { readStarsHand } from './helpers/stars-reader.ts';

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

  it('Omaha hi-lo with chips: OmahaHiLo, pot-limit, every split pot balanced; no PokerStars text, in words', () => {
    const all = records(simulatedEvents({ seed: 8, hands: 200, game: 'omaha-hilo', chips: true }));
    expect(all.length).toBeGreaterThan(150);
    let split = 0;
    for (const record of all) {
      expect(schema(record), JSON.stringify(schema.errors)).toBe(true);
      expect(chipsProblem(record)).toBeNull();
      expect(record.ohh.game_type).toBe('OmahaHiLo');
      expect(record.ohh.bet_limit.bet_type).toBe(record.ohh.pokertable.chips_tracked ? 'PL' : 'NL');
      if (record.ohh.pots.some((p) => p.player_wins.length > 1)) split++;
      if (record.ohh.pokertable.chips_tracked && record.ohh.pokertable.end !== 'misdeal')
        expect(pokerStarsRefusal(record)).toBe('the format has no omaha-hilo');
    }
    expect(split).toBeGreaterThan(10);
  });
});
