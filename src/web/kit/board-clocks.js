// The board's two clocks: the level clock (blinds, time left, next level, break) and the shot clock (who is to act,
// their time). Plain browser JS; board.js owns the connection and the view, and calls these with the table's time.
'use strict';

(function (root) {
  const $ = (id) => document.getElementById(id);

  function money(n) {
    return n === null || n === undefined ? '—' : Number(n).toLocaleString('en-US');
  }

  /** "Limit Hold'em 100/200", "Pot-Limit Omaha": the level's game and structure (R-GAME-MIXED), else the table's,
   * with the level's fixed bets where it has them (R-BET-LIMIT). Empty when nothing says. */
  function gameText(l, table) {
    const game = (l && l.game) || (table && table.game);
    const betting = (l && l.betting) || (table && table.betting);
    if (!game) return '';
    const name = root.GameWords.gameName(game, betting); // game-words.js: one vocabulary for every page
    return l && l.smallBet !== undefined ? `${name} ${money(l.smallBet)}/${money(l.bigBet)}` : name;
  }

  /** The level's forced bets: its blinds, or a stud level's bring-in (it has no blinds; its ante has its own line). */
  function blindsText(l) {
    if (l.isBreak) return 'BREAK';
    return l.bringIn !== undefined ? `Bring-in ${money(l.bringIn)}` : `${money(l.smallBlind)} / ${money(l.bigBlind)}`;
  }

  /** The next level in the panel's line: "200 / 400 ante 50", a stud level "ante 10 · bring-in 15". */
  function nextText(n) {
    const ante = n.ante ? `ante ${money(n.ante)}` : '';
    if (n.bringIn !== undefined) return `${ante ? `${ante} · ` : ''}bring-in ${money(n.bringIn)}`;
    return `${money(n.smallBlind)} / ${money(n.bigBlind)}${ante ? ` ${ante}` : ''}`;
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
    // The header names the table's game (board-table.js); the clock names a level's own game or structure only, in a
    // mixed structure (R-GAME-MIXED), so a plain one does not say it twice in a panel that has no room for it.
    const own = l && !l.isBreak && (l.game || l.betting) ? l : null;
    if (game) game.textContent = own ? gameText(own, view.snapshot) : '';
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
    const n = l.next;
    $('next-level').textContent = !n
      ? 'none: this is the final level'
      : n.isBreak
        ? `Break · ${n.minutes} min`
        : `${nextText(n)} · ${n.minutes} min` + (n.game ? ` · ${gameText(n, null)}` : '');
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

  root.BoardClocks = { money, clockText, gameText, blindsText, nextText, renderLevel, renderTimeLeft, renderShotClock };
})(typeof window !== 'undefined' ? window : globalThis);
