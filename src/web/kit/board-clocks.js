// The board's two clocks: the level clock (blinds, time left, next level, break) and the shot clock (who is to act,
// their time). Plain browser JS; board.js owns the connection and the view, and calls these with the table's time.
'use strict';

(function (root) {
  const $ = (id) => document.getElementById(id);

  function money(n) {
    return n === null || n === undefined ? '—' : Number(n).toLocaleString('en-US');
  }

  /** "Limit Hold'em 100/200", "Pot-Limit Omaha": the level's game and structure (R-GAME-MIXED), else the table's,
   * with the level's fixed bets where it has them (R-BET-LIMIT), else its blinds when `blinds` says ("No-Limit
   * Hold'em 100/200"). Empty when nothing says. */
  function gameText(l, table, blinds) {
    const game = (l && l.game) || (table && table.game);
    const betting = (l && l.betting) || (table && table.betting);
    if (!game) return '';
    const name = root.GameWords.gameName(game, betting); // game-words.js: one vocabulary for every page
    if (l && l.smallBet !== undefined) return `${name} ${money(l.smallBet)}/${money(l.bigBet)}`;
    return blinds && l && typeof l.smallBlind === 'number'
      ? `${name} ${money(l.smallBlind)}/${money(l.bigBlind)}`
      : name;
  }

  /** The level's big line: its blinds; a stud level (one with a bring-in, R-STUD-BRING-IN) has none it uses, so its
   * bring-in, the game line above naming its bets. */
  function blindsText(l) {
    if (l.isBreak) return 'BREAK';
    return l.bringIn !== undefined ? `Bring-in ${money(l.bringIn)}` : `${money(l.smallBlind)} / ${money(l.bigBlind)}`;
  }

  /** The next level: its blinds (a stud level's bets), ante and length, and its game when it plays another one. */
  function nextText(n, l) {
    if (!n) return 'none: this is the final level';
    if (n.isBreak) return `Break · ${n.minutes} min`;
    const stud = n.bringIn !== undefined && n.smallBet !== undefined;
    const ante = n.ante ? ` ante ${money(n.ante)}` : '';
    // a stud level: its bets, or under no-limit and pot-limit (no fixed bets) its ante and bring-in; never its
    // unused blinds
    const stakes = stud
      ? `${money(n.smallBet)} / ${money(n.bigBet)}${ante}`
      : n.bringIn !== undefined
        ? `${ante ? `${ante.trim()} · ` : ''}bring-in ${money(n.bringIn)}`
        : `${money(n.smallBlind)} / ${money(n.bigBlind)}${ante}`;
    const changes = n.game && (!l || l.isBreak || n.game !== l.game || n.betting !== l.betting);
    const game = !changes ? '' : stud ? root.GameWords.gameName(n.game, n.betting) : gameText(n, null);
    return `${stakes} · ${n.minutes} min${game ? ` · ${game}` : ''}`;
  }

  const clockText = (ms) => root.TableTime.clockText(ms); // table-time.js, loaded first by every page

  /** The level clock from <base>/clock once it was seen (null there: no levels), else from the state. */
  function levelClock(view) {
    if (view.clockSeen) return view.clock;
    return view.snapshot ? view.snapshot.level : null;
  }

  function renderLevel(view, now, chime) {
    const l = levelClock(view);
    const panel = $('level-clock');
    // the table's board and the room's board, which shares this file, both have the line
    const game = $('game');
    // The header names the game (board-table.js); the clock names a level's own game or structure, in a mixed
    // structure (R-GAME-MIXED), and a level's fixed bets (R-BET-LIMIT: "Limit Razz 100/200"), so a plain no-limit
    // one does not say it twice in a panel that has no room for it.
    const own = l && !l.isBreak && (l.game || l.betting || l.smallBet !== undefined) ? l : null;
    if (game) game.textContent = own ? gameText(own, view.snapshot, true) : '';
    // a line more in the panel: the time's digits make room for it (and for the break line below)
    panel.classList.toggle('with-game', Boolean(game && own));
    if (!l) {
      $('level').textContent = 'No levels running';
      $('blinds').textContent = '—';
      $('ante').textContent = '';
      $('next-level').textContent = '—';
      $('paused').hidden = true;
      panel.classList.remove('on-break');
      renderTimeLeft(view, now, chime);
      return;
    }
    $('level').textContent = l.isBreak ? `Break` : `Level ${l.level}`;
    $('blinds').textContent = blindsText(l);
    // "No ante" rather than a gap where the room looks for it.
    $('ante').textContent = l.isBreak ? '' : l.ante ? `Ante ${money(l.ante)}` : 'No ante';
    $('ante').classList.toggle('none', !l.isBreak && !l.ante);
    $('paused').hidden = !l.paused;
    panel.classList.toggle('on-break', Boolean(l.isBreak));
    $('next-level').textContent = nextText(l.next, l);
    renderTimeLeft(view, now, chime);
  }

  function renderTimeLeft(view, now, chime) {
    const l = levelClock(view);
    const el = $('time-left');
    if (!l) {
      el.textContent = '--:--';
      el.classList.remove('ending');
      return;
    }
    const ms = l.paused || l.endsAt === null ? l.remainingMs : l.endsAt - now;
    // The final level plays on when its time is up: say so instead of a red 00:00 for the rest of the night.
    const over = !l.next && ms <= 0;
    el.textContent = over ? 'Final level' : clockText(ms);
    el.classList.toggle('words', over);
    el.classList.toggle('ending', !over && ms < 60000);
    const b = l.nextBreak;
    const breakEl = $('break-in');
    breakEl.hidden = !b;
    if (b)
      breakEl.textContent =
        b.afterMs === 0 && !l.isBreak ? `Break next · ${b.minutes} min` : `Break in ${clockText(ms + b.afterMs)}`;
    // One minute before a level change (not after the final level), once per level.
    const key = `${l.level}/${l.isBreak}`;
    if (l.next && !l.paused && ms <= 60000 && ms > 55000 && view.warned !== key) {
      view.warned = key;
      chime.ring('minute');
    }
  }

  function secondsText(ms) {
    const total = Math.max(0, Math.ceil(ms / 1000));
    return total < 100 ? String(total) : clockText(ms);
  }

  function setShotTime(text) {
    const el = $('shot-time');
    el.textContent = text;
    // Digits big; a word ("to act") or a dash smaller.
    el.classList.toggle('words', !/^[\d:]+$/.test(text));
  }

  function renderShotClock(view, now) {
    const s = view.snapshot;
    const panel = $('shot-clock');
    const call = s && s.clock;
    const on = s && s.onAction;
    panel.classList.toggle('called', Boolean(call));
    if (call) {
      const ms = call.deadline - now;
      $('shot-title').textContent = call.kind === 'shot-clock' ? 'Shot clock' : 'Clock called';
      $('shot-seat').textContent = `Seat ${call.seat}${playerSuffix(s, call.seat)}`;
      setShotTime(secondsText(ms));
      panel.classList.remove('idle');
      panel.classList.toggle('urgent', ms <= 10000);
      return;
    }
    $('shot-title').textContent = 'Action';
    if (on) {
      $('shot-seat').textContent = `Seat ${on.seat}${playerSuffix(s, on.seat)}`;
      if (on.deadline !== null && on.deadline !== undefined) {
        const ms = on.deadline - now;
        setShotTime(secondsText(ms));
        panel.classList.toggle('urgent', ms <= 10000);
      } else {
        // No shot clock at this table: just who is to act.
        setShotTime('to act');
        panel.classList.remove('urgent');
      }
      panel.classList.remove('idle');
      return;
    }
    $('shot-seat').textContent = '—';
    setShotTime('—');
    panel.classList.add('idle');
    panel.classList.remove('urgent');
  }

  function playerSuffix(snapshot, seat) {
    const info = snapshot && snapshot.seatInfo.find((x) => x.seat === seat);
    return info && info.player ? ` · ${info.player}` : '';
  }

  root.BoardClocks = {
    money,
    clockText,
    gameText,
    blindsText,
    nextText,
    levelOf: levelClock,
    renderLevel,
    renderTimeLeft,
    renderShotClock,
  };
})(typeof window !== 'undefined' ? window : globalThis);
