// The room board's drawing: the open tables (players, stacks, hand and level), the counts (players left, entries,
// average stack), the moves as they come and the places. Plain browser JS; room-board.js owns the link and the view.
/* global RoomWords */
'use strict';

(function (root) {
  const $ = (id) => document.getElementById(id);
  const W = RoomWords;
  const FRESH_MS = 10000; // a new move or place stands out this long

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /** Tracked stacks of every player still in, or null when a player's stack is unknown. */
  function stacks(state, tables) {
    const out = [];
    for (const t of state.tables) {
      const own = tables[t.id];
      for (const p of t.players) {
        const info = own && own.seatInfo && own.seatInfo.find((s) => s.seat === p.seat && s.player === p.player);
        const stack = info && typeof info.stack === 'number' ? info.stack : p.stack;
        out.push(typeof stack === 'number' ? stack : null);
      }
    }
    return out;
  }

  function average(state, tables, startingStack, chipsInPlay) {
    if (!state || state.playersLeft === 0) return null;
    const known = stacks(state, tables);
    if (known.length > 0 && known.every((s) => s !== null))
      return Math.round(known.reduce((a, b) => a + b, 0) / known.length);
    // The room's money counts the chips in play: starting stacks, rebuys and add-ons.
    if (chipsInPlay !== null && chipsInPlay !== undefined) return Math.round(chipsInPlay / state.playersLeft);
    // Chips are not tracked at every table: each entry brought the starting stack.
    return startingStack ? Math.round((startingStack * state.entries) / state.playersLeft) : null;
  }

  function renderCounts(view, config) {
    const s = view.state;
    $('players-left').textContent = s ? String(s.playersLeft) : '—';
    $('entries').textContent = s ? String(s.entries) : '—';
    const avg = average(
      s,
      view.tables,
      config.startingStack,
      root.RoomMoney && root.RoomMoney.chipsInPlay(view.prizes),
    );
    $('average').textContent = avg === null ? '—' : W.chips(avg);
    const winner = s && s.places.find((p) => p.place === 1);
    $('winner').hidden = !winner;
    if (winner) $('winner').textContent = `Winner: ${winner.player}`;
  }

  function renderTables(view) {
    const box = $('tables');
    box.textContent = '';
    const s = view.state;
    if (!s) return;
    const n = s.tables.length;
    box.dataset.count = String(n);
    if (n === 0) box.appendChild(el('p', 'none', 'No table is open yet.'));
    for (const t of s.tables) {
      const own = view.tables[t.id];
      const card = el('article', 'table');
      card.dataset.table = t.id;
      card.classList.toggle('offline', !t.online);
      const head = el('div', 't-head');
      // "Table " apart, so that a crowded board can show just the number.
      const name = el('span', 't-name');
      name.append(el('span', 't-word', 'Table '), W.tableName(t.id).slice('table '.length));
      head.append(name);
      head.append(el('span', 't-count', `${t.players.length}/${t.seats}`));
      card.append(head);
      const info = [];
      if (!t.online) info.push('OFFLINE');
      if (own && typeof own.hand === 'number') info.push(`Hand ${own.hand}`);
      if (own && own.level) info.push(own.level.isBreak ? 'Break' : `Level ${own.level.level}`);
      card.append(el('div', 't-info', info.join(' · ') || '\u00a0'));
      const list = el('ol', 't-seats');
      const known = stacks({ tables: [t] }, view.tables);
      t.players.forEach((p, i) => {
        const li = el('li');
        li.dataset.seat = String(p.seat);
        li.append(el('span', 's-seat', String(p.seat)), el('span', 's-name', p.player));
        li.append(el('span', 's-stack', known[i] === null ? '' : W.chips(known[i])));
        list.append(li);
      });
      for (const m of s.moving.filter((x) => x.to === t.id)) {
        const li = el('li', 'arriving');
        li.append(el('span', 's-seat', '→'), el('span', 's-name', m.player));
        li.append(el('span', 's-stack', `from ${W.tableName(m.from.table)}`));
        list.append(li);
      }
      if (list.childElementCount === 0) list.append(el('li', 'empty', 'No players yet'));
      card.append(list);
      box.append(card);
    }
    fit(box);
  }

  /** The largest of the sizes that shows every table on the screen: a room of 3 tables reads from the far wall, one
   * of 60 still shows them all (names and counts only). */
  const DENSITIES = ['few', 'normal', 'many', 'compact', 'numbers', 'tiny'];
  function fit(box) {
    for (const d of DENSITIES) {
      box.dataset.density = d;
      if (box.scrollHeight <= box.clientHeight + 1) return;
    }
  }

  function renderMoves(view) {
    const list = $('moves');
    list.textContent = '';
    if (view.moves.length === 0) list.append(el('li', 'none', 'No moves yet.'));
    for (const item of view.moves) {
      const li = el('li', `move ${item.move.reason}`);
      li.dataset.player = item.move.player;
      li.append(el('span', 'what', W.moveText(item.move)), el('span', 'why', W.moveReason(item.move)));
      list.append(li);
    }
    fade('moves');
    freshen(view);
  }

  function renderPlaces(view) {
    const list = $('places');
    list.textContent = '';
    const places = view.state ? view.state.places.slice().reverse() : [];
    if (places.length === 0) list.append(el('li', 'none', 'No places yet.'));
    for (const p of places) {
      const li = el('li', p.place === 1 ? 'place winner' : 'place');
      li.dataset.player = p.player;
      li.append(el('span', 'rank', W.ordinal(p.place)), el('span', 'who', p.player));
      list.append(li);
    }
    fade('places');
    freshen(view);
  }

  /** A panel whose list runs past its bottom fades out there (room-board.css). */
  function fade(listId) {
    const panel = $(listId).parentElement;
    panel.classList.toggle('overflow', panel.scrollHeight > panel.clientHeight + 1);
  }

  function freshen(view) {
    const now = performance.now();
    const moves = $('moves').children;
    view.moves.forEach((item, i) => moves[i] && moves[i].classList.toggle('fresh', now - item.shownAt < FRESH_MS));
    for (const li of $('places').children) {
      const seen = view.placeSeen.get(li.dataset.player);
      li.classList.toggle('fresh', seen !== undefined && now - seen < FRESH_MS);
    }
  }

  root.RoomBoardView = { renderCounts, renderTables, renderMoves, renderPlaces, freshen, average, fit };
})(typeof window !== 'undefined' ? window : globalThis);
