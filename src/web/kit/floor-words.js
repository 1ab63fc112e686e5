// The floor page's sentences: what a command did ("Level 4 paused at 12:31 left") from the events it produced, and
// why it was refused. Plain browser JS, no DOM: the page and the tests (test/app/floor-words.test.ts) share it.
'use strict';

(function (root) {
  const clockText = (ms) => root.TableTime.clockText(ms); // table-time.js, loaded first by every page

  function chips(n) {
    return n === null || n === undefined ? '—' : Number(n).toLocaleString('en-US');
  }

  /** A level's amounts: its blinds, or a stud level's bets and bring-in (R-STUD-BRING-IN: its blinds are not played). */
  function blinds(e) {
    const ante = e.ante ? ` ante ${chips(e.ante)}` : '';
    if (e.bringIn !== undefined && e.smallBet !== undefined)
      return `${chips(e.smallBet)}/${chips(e.bigBet)}${ante} bring-in ${chips(e.bringIn)}`;
    if (e.bringIn !== undefined && e.bringIn !== null) return `ante ${chips(e.ante)}, bring-in ${chips(e.bringIn)}`;
    return `${chips(e.smallBlind)}/${chips(e.bigBlind)}${ante}`;
  }

  function levelName(e) {
    return e.break ? 'break' : `level ${e.level}, ${blinds(e)}`;
  }

  function minutesText(n) {
    const a = Math.abs(n);
    return a === 1 ? 'one minute' : `${a} minutes`;
  }

  function who(seat, names) {
    const name = names && names[seat];
    return name ? `seat ${seat} (${name})` : `seat ${seat}`;
  }

  function cap(s) {
    return s.charAt(0).toUpperCase() + s.slice(1);
  }

  /** Which event says that a command did what it was asked. */
  const CONFIRMS = {
    'levels-pause': ['levels.paused'],
    'levels-resume': ['levels.resumed'],
    'levels-adjust': ['level.adjusted'],
    'levels-start': ['level.changed'],
    'seat-player': ['player.seated'],
    'remove-player': ['player.removed'],
    'set-button': ['button.set'],
    penalty: ['penalty.started'],
    clock: ['clock.called'],
    'set-stack': ['stack.set'],
    bet: ['action'],
  };

  /**
   * The sentence for an accepted command.
   * @param {string} command the command's name (`clock` for a clock call)
   * @param {object} body what was sent
   * @param {object[]} events the events it produced (public forms), oldest first
   * @param {object} ctx { names: {seat: player}, structure: title of a started structure, now: table time }
   */
  function doneSentence(command, body, events, ctx) {
    const c = ctx || {};
    const find = (type) => events.find((e) => e.type === type);
    switch (command) {
      case 'levels-pause': {
        const e = find('levels.paused');
        return e ? `Level ${e.level} paused at ${clockText(e.remainingMs)} left` : 'Levels paused';
      }
      case 'levels-resume': {
        const e = find('levels.resumed');
        return e ? `Level ${e.level} running again: ${clockText(e.remainingMs)} left` : 'Levels running again';
      }
      case 'levels-adjust': {
        const e = find('level.adjusted');
        const changed = find('level.changed');
        if (body.step !== undefined) {
          const where = body.step > 0 ? 'Next level' : 'Back a level';
          const level = changed ? levelName(changed) : e ? `level ${e.level}` : 'done';
          const left = e ? `, ${clockText(e.remainingMs)} left${e.paused ? ' (paused)' : ''}` : '';
          return `${where}: ${level}${left}`;
        }
        const what =
          body.minutes > 0
            ? `${cap(minutesText(body.minutes))} added to`
            : `${cap(minutesText(body.minutes))} taken off`;
        return e
          ? `${what} level ${e.level}: ${clockText(e.remainingMs)} left${e.paused ? ' (paused)' : ''}`
          : `${what} the level`;
      }
      case 'levels-start': {
        const e = find('level.changed');
        const name = c.structure ? `“${c.structure}” started` : 'Structure started';
        const first = body.levels && body.levels[0];
        return e ? `${name}: ${levelName(e)}${first ? `, ${clockText(first.minutes * 60000)} left` : ''}` : name;
      }
      case 'seat-player':
        return `${body.player} seated at seat ${body.seat}`;
      case 'remove-player': {
        const e = find('player.removed');
        return `${e ? e.player : 'The player'} removed from seat ${body.seat}`;
      }
      case 'set-button':
        return `Button moved to seat ${body.seat} for the next hand`;
      case 'penalty': {
        const e = find('penalty.started');
        const hands = e ? e.hands : body.hands;
        return `${cap(who(body.seat, c.names))}: penalty of ${hands} hand${hands === 1 ? '' : 's'}`;
      }
      case 'clock': {
        const e = find('clock.called');
        if (!e) return 'Clock called';
        const seconds = Math.round((e.deadline - (c.now ?? e.at)) / 1000);
        return `Clock called on ${who(e.seat, c.names)}: ${seconds} seconds to act`;
      }
      case 'set-stack': {
        const why = { rebuy: 'rebuy', 'add-on': 'add-on', correction: 'corrected' }[c.reason];
        const what = why && c.reason !== 'correction' ? ` (${why} of ${chips(c.amount)})` : why ? ' (corrected)' : '';
        return `${cap(who(body.seat, c.names))}: stack ${chips(body.chips)}${what}`;
      }
      case 'bet':
        return betSentence(body, events, c);
      default:
        return `${command}: done`;
    }
  }

  /** The amount pad's bet as the table took it: the action, and a correction by the rules when there was one. */
  function betSentence(body, events, c) {
    const action = events.find((e) => e.type === 'action');
    const seat = action ? action.seat : c.seat;
    const placed = events.find((e) => e.type === 'bet.placed' && e.seat === seat);
    const fixed = events.find((e) => e.type === 'bet.corrected' && e.seat === seat);
    const did = !action
      ? `${body.button} to ${chips(body.to)} sent`
      : action.action === 'raise'
        ? `${body.button === 'bet' ? 'bets' : 'raises to'} ${chips(placed ? placed.to : body.to)}`
        : action.action === 'allin'
          ? `all-in${placed ? ` for ${chips(placed.to)}` : ''}`
          : `${action.action}s${placed ? ` ${chips(placed.amount)}` : ''}`;
    const note = fixed ? ` (${chips(fixed.from)} corrected to ${chips(fixed.to)}, ${fixed.rule})` : '';
    return `${cap(who(seat, c.names))} ${did}${note}`;
  }

  const REASONS = {
    'no-levels': 'No levels are running: start a structure first',
    'already-paused': 'The levels are already paused',
    'not-paused': 'The levels are not paused',
    'no-next-level': 'This is the last level of the structure: there is no next level',
    'no-previous-level': 'This is the first level of the structure: there is no previous level',
    'not-enough-time': 'That would leave no time on this level',
    'seat-taken': 'That seat already has a player',
    'player-already-seated': 'That player is already seated at this table',
    'hand-in-progress': 'Not during a hand: wait for the hand to end',
    'no-hand': 'No hand is under way',
    'no-action': 'Nobody is on action',
    'clock-running': 'A clock is already running on that player',
    'caller-not-seated': 'The calling seat has no player',
    'caller-absent': 'The calling player is not at the table',
    'caller-on-action': 'A player cannot call the clock on themselves',
    'no-chips': 'This table does not track chips',
    'not-on-action': 'That seat is no longer on action',
    'amount-required': 'A bet needs its total',
    'exceeds-stack': 'That is more than the player has',
  };

  /** A refusal as a sentence: the answer's `error.message` when it has one, else the engine's reason in words. */
  function errorSentence(error, body) {
    if (error && typeof error === 'object') return String(error.message || error.code || 'refused');
    const reason = String(error || 'refused');
    if (reason === 'seat-empty')
      return `Seat ${body && body.seat !== undefined ? body.seat : ''} is empty`.replace('  ', ' ');
    if (REASONS[reason]) return REASONS[reason];
    // Already a sentence (a field check, "the table is not set up: …"): as it is, with a capital.
    return /\s/.test(reason) ? cap(reason) : cap(reason.replace(/-/g, ' '));
  }

  /**
   * A command nobody answered, and what the floor person can do about it. Over MQTT 3.1.1 mosquitto drops a command
   * its ACL refuses without telling the page, so silence is all the page sees both when the table or room service is
   * stopped and when this account may not send that command; the service's retained status (online/offline, null
   * when not heard) tells the two apart when it can. a: { who: 'table' | 'room', command, seconds, status, username,
   * topic }
   */
  function noAnswer(a) {
    const service = a.who === 'room' ? 'The room service' : 'The table';
    const within = `did not answer “${a.command}” within ${a.seconds} seconds`;
    const account = a.username ? `this account (${a.username})` : 'this account';
    const acl = `ask the technician to check the broker's ACL for ${a.username || 'this account'}: topic write ${a.topic}`;
    if (a.status === 'offline') {
      const start = a.who === 'room' ? 'Ask the technician to start the room service' : 'Check that the table is on';
      return `${service} ${within}: it is offline. ${start}, then try again.`;
    }
    if (a.status === 'online')
      return (
        `${service} is running but ${within}: ${account} is probably not allowed to send it (the broker drops ` +
        `such a command without a word). Try once more; if it stays silent, ${acl}.`
      );
    const running = a.who === 'room' ? 'If the room service is running' : 'If the table is on';
    const down = a.who === 'room' ? 'stopped' : 'off';
    return `${service} ${within}: it may be ${down}, or ${account} may not be allowed to send it. ${running}, ${acl}.`;
  }

  root.FloorWords = { clockText, chips, blinds, doneSentence, errorSentence, noAnswer, CONFIRMS };
})(typeof window !== 'undefined' ? window : globalThis);
