// The room pages' words: table names, moves ("Anna: table 3 seat 5 → table 7 seat 2"), places, and the floor page's
// sentences for the room's answers, accepted or refused, in plain words for a floor person. Plain browser JS, no DOM:
// the pages and the tests (test/room/room-page-words.test.ts) share it.
'use strict';

(function (root) {
  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

  /** "table-07", "t7", "7" → "table 7"; any other id is kept as it is: "table A", "table main-1". */
  function tableName(id) {
    const m = /^(?:table|t)?[-_ ]?0*(\d+)$/i.exec(String(id));
    return `table ${m ? m[1] : id}`;
  }

  function chips(n) {
    return n === null || n === undefined ? '—' : Number(n).toLocaleString('en-US');
  }

  const clockText = (ms) => root.TableTime.clockText(ms); // table-time.js, loaded first by every page

  /** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd". */
  function ordinal(n) {
    const teen = n % 100 >= 11 && n % 100 <= 13;
    const suffix = teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] || 'th';
    return `${n}${suffix}`;
  }

  const where = (p) => `${tableName(p.table)} seat ${p.seat}`;

  /** A move as published on room/<id>/moves. */
  function moveText(m) {
    if (!m.from) return `${m.player}: drawn to ${where(m.to)}`;
    return `${m.player}: ${where(m.from)} → ${where(m.to)}`;
  }

  const REASONS = { draw: 'registration', balance: 'balancing', break: 'table broken' };
  const moveReason = (m) => REASONS[m.reason] || m.reason || '';

  /** The sentence for a refused room command (`code` from room/<id>/cmd/result), with what was sent. */
  function refusal(code, body, message) {
    const b = body || {};
    switch (code) {
      case 'already-registered':
        return `${b.player} is already in the tournament: a player registers again only after being knocked out.`;
      case 'no-seat':
        return `No free seat for ${b.player || 'the player'}: every open table is full. Open another table first.`;
      case 'finished':
        return 'The tournament is over (1st place is given): no more registrations.';
      case 'not-set-up':
        return 'The room is not set up yet: check that the room service started from its config.';
      case 'unknown-table':
        return `There is no ${tableName(b.table)} in this room (the room's tables are in its room.yaml).`;
      case 'already-open':
        return `${cap(tableName(b.table))} is already open.`;
      case 'no-levels':
        return 'No levels are running: start a blind structure first.';
      case 'already-paused':
        return 'The clock is already paused.';
      case 'not-paused':
        return 'The clock is not paused: there is nothing to resume.';
      // the money (docs/room-money.md): the room's own sentence when it gave one (it names the level, the stack, …)
      case 'no-money':
        return 'This room keeps no money: its room.yaml has no money section.';
      case 'no-rebuys':
        return 'This tournament has no rebuys.';
      case 'no-add-on':
        return 'This tournament has no add-on.';
      case 'no-re-entry':
        return `${b.player || 'The player'} is out, and this tournament has no re-entry.`;
      case 'not-playing':
        return `${cap(message || `${b.player} is not in the tournament`)}: a rebuy or an add-on is for a player still in (a player out re-enters).`;
      case 'money-reached':
        return 'The money is reached: the prize pool is final, no more entries, rebuys or add-ons.';
      case 'moving':
        return `${b.player} is on the way to another table: take it once seated there.`;
      case 'rebuys-closed':
      case 're-entry-closed':
      case 'registration-closed':
      case 'add-on-closed':
      case 'max-rebuys':
      case 'max-entries':
      case 'stack-above-threshold':
        return `${cap(message || code.replace(/-/g, ' '))}.`;
      case 'already-added-on':
        return `${b.player} has taken the add-on already: one add-on a player.`;
      case 'not-in-the-money':
        return 'A deal is entered once the money is reached.';
      case 'already-dealt':
        return 'A deal was entered already.';
      case 'deal-players':
        return `${cap(message || 'a deal lists each player left once')}.`;
      case 'deal-total':
        return `${cap(message || 'the deal does not add up to the prizes left')}: check the amounts.`;
      case 'journal':
        return 'The room service could not record this (its journal failed): call the technician.';
      case 'invalid':
      case 'bad-request':
      case 'not-json':
      case 'payload-too-large':
      case 'unknown-command':
        return `The room did not understand the request (${message || code}).`;
      case 'rate-limited':
        return 'Too many room commands at once: this one was not done. Send it again in a moment.';
      default:
        return `Refused: ${message || code}.`;
    }
  }

  /**
   * The sentence for an accepted room command.
   * @param {string} name the command
   * @param {object} body what was sent
   * @param {object} ctx { move: the registration's draw, clock: the room clock now, now: the room's time,
   *   structure: the title of a started structure }
   */
  function done(name, body, ctx) {
    const c = ctx || {};
    const left = (l) => clockText(l.paused || l.endsAt === null ? l.remainingMs : l.endsAt - c.now);
    switch (name) {
      case 'register':
        return c.move ? `${body.player} registered: ${where(c.move.to)}` : `${body.player} registered`;
      case 'open-table':
        return `${cap(tableName(body.table))} is open: new players can be drawn to it`;
      case 'balance-at':
        return `Tables are now balanced when they differ by ${body.players} players or more`;
      case 'levels-start': {
        const l = c.clock;
        const what = c.structure ? `“${c.structure}” started` : 'Levels started';
        if (!l) return what;
        const level = l.isBreak ? 'break' : `level ${l.level}, ${levelBets(l, false)}`;
        return `${what}: ${level}, ${left(l)} left`;
      }
      case 'levels-pause':
        return c.clock ? `Clock paused at ${left(c.clock)} left` : 'Clock paused';
      case 'levels-resume':
        return c.clock ? `Clock running again: ${left(c.clock)} left` : 'Clock running again';
      default:
        return 'Done';
    }
  }

  /** A level's forced bets: its blinds (and its ante when `ante`), or a stud level's ante and bring-in (it has no
   * blinds, R-STUD-BRING-IN). */
  function levelBets(l, ante) {
    if (l.bringIn !== undefined && l.bringIn !== null) return `ante ${chips(l.ante)}, bring-in ${chips(l.bringIn)}`;
    return `${chips(l.smallBlind)}/${chips(l.bigBlind)}${ante && l.ante ? ` ante ${chips(l.ante)}` : ''}`;
  }

  root.RoomWords = { tableName, chips, levelBets, clockText, ordinal, moveText, moveReason, refusal, done, cap };
})(typeof window !== 'undefined' ? window : globalThis);
