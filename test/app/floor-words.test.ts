// The floor page's sentences (src/web/kit/floor-words.js, plain browser JS): what a command did, from its events,
// and why it was refused, from the answer's error (an `{code, message}` object or the engine's reason).
import { TEST_DIR } from '../helpers/paths.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';

interface Words {
  doneSentence(command: string, body: object, events: object[], ctx?: object): string;
  errorSentence(error: unknown, body?: object): string;
  noAnswer(a: object): string;
}
let W: Words;
beforeAll(() => {
  // Run as the browser runs it: a plain script that sets a global.
  const sandbox: { FloorWords?: Words } = {};
  // after table-time.js, as every page loads it (the clocks' way of writing a time left is there)
  for (const file of ['../src/web/kit/table-time.js', '../src/web/kit/floor-words.js'])
    runInNewContext(readFileSync(join(TEST_DIR, file), 'utf8'), sandbox);
  W = sandbox.FloorWords!;
});

const MIN = 60_000;

describe('floor page sentences', () => {
  it('says what a level-clock command did, with the numbers from its event', () => {
    expect(
      W.doneSentence('levels-pause', {}, [{ type: 'levels.paused', level: 4, remainingMs: 12 * MIN + 31_000 }]),
    ).toBe('Level 4 paused at 12:31 left');
    expect(W.doneSentence('levels-resume', {}, [{ type: 'levels.resumed', level: 4, remainingMs: 90_500 }])).toBe(
      'Level 4 running again: 01:31 left',
    );
    const adjusted = { type: 'level.adjusted', level: 4, minutes: 2, remainingMs: 3 * MIN, paused: true };
    expect(W.doneSentence('levels-adjust', { minutes: 2 }, [adjusted])).toBe(
      '2 minutes added to level 4: 03:00 left (paused)',
    );
    expect(W.doneSentence('levels-adjust', { minutes: -1 }, [{ ...adjusted, minutes: -1, paused: false }])).toBe(
      'One minute taken off level 4: 03:00 left',
    );
    const changed = { type: 'level.changed', level: 5, smallBlind: 1000, bigBlind: 2000, ante: 2000 };
    expect(
      W.doneSentence('levels-adjust', { step: 1 }, [
        { ...adjusted, step: 1, remainingMs: 20 * MIN, paused: false },
        changed,
      ]),
    ).toBe('Next level: level 5, 1,000/2,000 ante 2,000, 20:00 left');
    expect(
      W.doneSentence('levels-adjust', { step: -1 }, [
        { ...adjusted, step: -1 },
        { type: 'level.changed', level: 2, break: true },
      ]),
    ).toBe('Back a level: break, 03:00 left (paused)');
    expect(
      W.doneSentence(
        'levels-start',
        { levels: [{ smallBlind: 100, bigBlind: 200, minutes: 15 }] },
        [{ type: 'level.changed', level: 1, smallBlind: 100, bigBlind: 200, ante: 0 }],
        { structure: 'Daily' },
      ),
    ).toBe('“Daily” started: level 1, 100/200, 15:00 left');
  });

  it('says what a seat command did, naming the player', () => {
    const names = { 3: 'Ann' };
    expect(
      W.doneSentence('penalty', { seat: 3, hands: 2 }, [{ type: 'penalty.started', seat: 3, hands: 2 }], { names }),
    ).toBe('Seat 3 (Ann): penalty of 2 hands');
    expect(W.doneSentence('remove-player', { seat: 3 }, [{ type: 'player.removed', seat: 3, player: 'Ann' }])).toBe(
      'Ann removed from seat 3',
    );
    expect(W.doneSentence('set-button', { seat: 7 }, [{ type: 'button.set', seat: 7 }])).toBe(
      'Button moved to seat 7 for the next hand',
    );
    expect(
      W.doneSentence('clock', {}, [{ type: 'clock.called', seat: 3, at: 1000, deadline: 71_000 }], {
        names,
        now: 1000,
      }),
    ).toBe('Clock called on seat 3 (Ann): 70 seconds to act');
  });

  it("says what a set-stack and the amount pad did (chips tracked), with the rules' correction", () => {
    const names = { 2: 'Bea' };
    const stack = (reason: string, amount: number) =>
      W.doneSentence('set-stack', { seat: 2, chips: 30_000 }, [{ type: 'stack.set', seat: 2, chips: 30_000 }], {
        names,
        reason,
        amount,
      });
    expect(stack('add-on', 10_000)).toBe('Seat 2 (Bea): stack 30,000 (add-on of 10,000)');
    expect(stack('rebuy', 20_000)).toBe('Seat 2 (Bea): stack 30,000 (rebuy of 20,000)');
    expect(stack('correction', 30_000)).toBe('Seat 2 (Bea): stack 30,000 (corrected)');
    const raise = [
      { type: 'bet.corrected', seat: 2, from: 1100, to: 1150, rule: 'R-BET-INCOMPLETE' },
      { type: 'action', seat: 2, action: 'raise', by: 'panel' },
      { type: 'bet.placed', seat: 2, action: 'raise', amount: 1100, to: 1150, stack: 5000 },
    ];
    expect(W.doneSentence('bet', { button: 'raise', to: 1100 }, raise, { names, seat: 2 })).toBe(
      'Seat 2 (Bea) raises to 1,150 (1,100 corrected to 1,150, R-BET-INCOMPLETE)',
    );
    const call = [
      { type: 'bet.corrected', seat: 2, from: 500, to: 600, rule: 'R-BET-INCOMPLETE' },
      { type: 'action', seat: 2, action: 'call', by: 'panel' },
      { type: 'bet.placed', seat: 2, action: 'call', amount: 550, to: 600, stack: 5000 },
    ];
    expect(W.doneSentence('bet', { button: 'raise', to: 500 }, call, { names, seat: 2 })).toBe(
      'Seat 2 (Bea) calls 550 (500 corrected to 600, R-BET-INCOMPLETE)',
    );
    expect(W.doneSentence('bet', { button: 'bet', to: 400 }, [], { names, seat: 2 })).toBe(
      'Seat 2 (Bea) bet to 400 sent',
    );
    expect(W.errorSentence('amount-required')).toBe('A bet needs its total');
  });

  it('turns a refusal into a sentence: the message when the answer has one, else the reason in words', () => {
    expect(W.errorSentence({ code: 'seat-empty', message: 'seat 4 is empty' })).toBe('seat 4 is empty');
    expect(W.errorSentence('seat-empty', { seat: 4 })).toBe('Seat 4 is empty');
    expect(W.errorSentence('already-paused')).toBe('The levels are already paused');
    expect(W.errorSentence('no-previous-level')).toMatch(/first level/);
    expect(W.errorSentence('missing field "player" for seat-player')).toBe('Missing field "player" for seat-player');
    expect(W.errorSentence('some-new-reason')).toBe('Some new reason');
  });

  it('a command nobody answered: offline, or running and this account probably refused by the ACL, or either', () => {
    const room = { who: 'room', command: 'register', seconds: 5, username: 'floor-2', topic: 'room/main/cmd/register' };
    expect(W.noAnswer({ ...room, status: 'offline' })).toBe(
      'The room service did not answer “register” within 5 seconds: it is offline. ' +
        'Ask the technician to start the room service, then try again.',
    );
    expect(W.noAnswer({ ...room, status: 'online' })).toBe(
      'The room service is running but did not answer “register” within 5 seconds: this account (floor-2) is ' +
        'probably not allowed to send it (the broker drops such a command without a word). Try once more; if it ' +
        "stays silent, ask the technician to check the broker's ACL for floor-2: topic write room/main/cmd/register.",
    );
    const table = {
      who: 'table',
      command: 'penalty',
      seconds: 5,
      username: 'floor',
      topic: 'pokertable/t1/cmd/penalty',
    };
    expect(W.noAnswer({ ...table, status: null })).toBe(
      'The table did not answer “penalty” within 5 seconds: it may be off, or this account (floor) may not be ' +
        "allowed to send it. If the table is on, ask the technician to check the broker's ACL for floor: " +
        'topic write pokertable/t1/cmd/penalty.',
    );
    expect(W.noAnswer({ ...table, status: 'offline' })).toBe(
      'The table did not answer “penalty” within 5 seconds: it is offline. Check that the table is on, then try again.',
    );
  });
});
