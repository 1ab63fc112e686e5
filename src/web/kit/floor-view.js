// The floor page's drawing: the connection badge, the answers (the last one and a short log), the level clock and
// hand, the seat grid and the chosen seat's actions. Plain browser JS; floor.js owns the connection and the commands.
/* global FloorWords */
'use strict';

(function (root) {
  const $ = (id) => document.getElementById(id);
  const W = FloorWords;

  function conn(state, text) {
    const el = $('conn');
    el.className = `conn ${state}`;
    el.dataset.state = state;
    el.textContent = text;
  }

  /** Shows an answer as the current result; a final one (not 'busy') also goes on top of the log of the last 8. */
  function say(text, kind) {
    const el = $('result');
    el.textContent = text;
    el.className = `result ${kind}`;
    el.dataset.kind = kind;
    if (kind === 'busy') return;
    const li = document.createElement('li');
    li.className = kind;
    const time = new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    li.textContent = `${time} ${text}`;
    $('log').prepend(li);
    while ($('log').children.length > 8) $('log').lastChild.remove();
  }

  function status(view, now) {
    const l = view.clock || (view.state && view.state.level);
    $('f-paused').hidden = !(l && l.paused);
    if (!l) {
      $('f-level').textContent = 'No levels running';
      $('f-next').textContent = 'Start a structure below.';
    } else {
      $('f-level').textContent = l.isBreak ? `Break (after level ${l.level})` : `Level ${l.level} · ${W.blinds(l)}`;
      const n = l.next;
      const next = !n
        ? 'Final level'
        : `Next: ${n.isBreak ? `break, ${n.minutes} min` : `${W.blinds(n)}, ${n.minutes} min`}`;
      $('f-next').textContent = next;
    }
    const s = view.state;
    $('f-hand').textContent =
      !s || s.hand === null
        ? 'Between hands'
        : `Hand ${s.hand} · ${s.phase === 'betting' && s.street ? s.street : s.phase}${s.onAction ? ` · seat ${s.onAction.seat} to act` : ''}`;
    time(view, now);
  }

  function time(view, now) {
    const l = view.clock || (view.state && view.state.level);
    const el = $('f-time');
    if (!l) {
      el.textContent = '--:--';
      return;
    }
    const ms = l.paused || l.endsAt === null ? l.remainingMs : l.endsAt - now;
    el.textContent = !l.next && ms <= 0 ? 'Final level' : W.clockText(ms);
    el.classList.toggle('words', !l.next && ms <= 0);
  }

  function seats(s, selectedSeat, onSelect) {
    const grid = $('seat-grid');
    if (!s) return;
    if (grid.childElementCount !== s.seats) {
      grid.textContent = '';
      for (let i = 1; i <= s.seats; i++) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'seat';
        b.dataset.seat = String(i);
        b.setAttribute('role', 'radio');
        b.innerHTML = '<span class="n"></span><span class="p"></span><span class="m"></span><span class="b"></span>';
        b.addEventListener('click', () => onSelect(i));
        grid.appendChild(b);
      }
    }
    for (const info of s.seatInfo) {
      const b = grid.querySelector(`[data-seat="${info.seat}"]`);
      if (!b) continue;
      const marks = [];
      if (s.button === info.seat) marks.push('D');
      if (s.onAction && s.onAction.seat === info.seat) marks.push('▶');
      b.querySelector('.n').textContent = `${info.seat}${marks.length ? ` ${marks.join(' ')}` : ''}`;
      b.querySelector('.p').textContent = info.player || 'empty';
      b.title = info.player || `Seat ${info.seat}: empty`;
      b.querySelector('.m').textContent = seatStack(info);
      b.querySelector('.b').textContent = info.bet && info.player ? `bet ${W.chips(info.bet)}` : '';
      b.classList.toggle('empty', !info.player);
      b.classList.toggle('on-action', Boolean(s.onAction && s.onAction.seat === info.seat));
      b.classList.toggle('selected', selectedSeat === info.seat);
      b.setAttribute('aria-checked', String(selectedSeat === info.seat));
    }
    seatActions(s, selectedSeat);
    money(s);
  }

  /** A seat's stack, with chips tracked (the state has `stack` then; null when unknown); else nothing. */
  function seatStack(info) {
    if (info.stack === undefined || !info.player) return '';
    return info.stack === null ? '?' : W.chips(info.stack);
  }

  /** The pots and the amount to call above the grid, and the game in the status card. */
  function money(s) {
    const box = $('seat-money');
    box.hidden = !s.pots;
    if (s.pots) {
      const pots = s.pots.map((p, i) => `${i === 0 ? 'Pot' : `side ${i}`} ${W.chips(p.amount)}`);
      box.querySelector('.pots').textContent = pots.join(' · ') || 'Pot 0';
      box.querySelector('.to-call').textContent = s.toCall ? `to call ${W.chips(s.toCall)}` : '';
    }
    const game = $('f-info').querySelector('[data-item="game"]');
    game.textContent = root.GameWords.gameTitle(s);
    game.hidden = game.textContent === '';
  }

  function seatActions(s, selectedSeat) {
    const box = $('seat-actions');
    const info = selectedSeat && s && s.seatInfo.find((x) => x.seat === selectedSeat);
    box.hidden = !info;
    if (!info) return;
    $('seat-title').textContent =
      `Seat ${info.seat} · ${info.player || 'empty'}${info.penaltyHands ? ` · penalty ${info.penaltyHands} hands` : ''}`;
    $('seat-player-row').hidden = Boolean(info.player);
    $('remove-player').hidden = !info.player;
    $('penalty').disabled = !info.player;
    $('clock-call').disabled = !info.player;
  }

  /** The typed name as stored (the table's and the room's own rule, /player-names.js), or null once the floor was
   * told in words why it cannot be. */
  function typedName(raw) {
    const problem = root.PlayerNames.nameProblem(raw);
    if (problem) say(`${problem[0].toUpperCase()}${problem.slice(1)}.`, 'error');
    return problem ? null : root.PlayerNames.storedName(raw);
  }

  root.FloorView = { conn, say, status, time, seats, typedName };
})(window);
