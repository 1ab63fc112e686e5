// The floor page's game card (R-GAME-LIST, R-GAME-MIXED): the game and betting structure from the next hand, with the
// amounts they need (blinds; under limit the small and big bet, R-BET-LIMIT; in a stud game the bring-in and no
// blinds, R-STUD-BRING-IN). The table has no command that changes the game alone (a `setup` would also reset its
// rules), so this sends `levels-start` with one level that names them: the level clock starts again. The games, their
// own structures and which structures need fixed bets come in config.json (the engine's descriptors): the page names
// no game or structure itself. Plain browser JS; floor.js sends.
/* global GameWords, FloorStructures */
'use strict';

(function (root) {
  const $ = (id) => document.getElementById(id);
  const AMOUNTS = ['smallBlind', 'bigBlind', 'smallBet', 'bigBet', 'bringIn', 'ante', 'minutes'];

  /** `send(name, body, extra)` sends a floor command. Returns `render(games, bettings)` and `prefill(level)`. */
  function create(send, say) {
    let games = [];
    let bettings = [];
    let filled = false;
    const arm = FloorStructures.armer($('play-game'), 'Play from the next hand');
    const input = (key) => $(`g-${key}`);
    const chosen = () => games.find((g) => g.name === $('game').value) || null;

    function option(select, value, text) {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = text;
      select.appendChild(o);
    }

    function render(list, structures) {
      games = list;
      bettings = structures;
      $('game').textContent = '';
      for (const g of games) option($('game'), g.name, GameWords.gameName(g.name));
      $('betting').textContent = '';
      for (const b of bettings) option($('betting'), b.name, GameWords.bettingName(b.name));
      $('game-card').hidden = games.length === 0;
      pickGame();
    }

    /** A game chosen: its own structure, the fields it needs. */
    function pickGame() {
      const g = chosen();
      if (g) $('betting').value = g.betting;
      show();
    }

    function show() {
      const g = chosen();
      const bringIn = Boolean(g && g.bringIn);
      const betting = bettings.find((b) => b.name === $('betting').value);
      const fixedBets = Boolean(betting && betting.fixedBets);
      const shown = { blinds: !bringIn, 'fixed-bets': fixedBets, 'bring-in': bringIn };
      for (const el of document.querySelectorAll('#game-amounts [data-for]')) el.hidden = !shown[el.dataset.for];
      $('game-info').textContent = g
        ? `${GameWords.gameName(g.name, $('betting').value)} from the next hand: the level clock starts again at ` +
          'one level of these amounts.'
        : '';
    }

    /** The level now running gives the first amounts; the floor's own typing is never overwritten. */
    function prefill(level) {
      if (filled || !level || level.isBreak) return;
      filled = true;
      const big = level.bigBlind || 200;
      const guess = { smallBet: big, bigBet: 2 * big, bringIn: Math.max(1, Math.round(big / 4)), minutes: 20 };
      for (const key of AMOUNTS) {
        const v = level[key] ?? guess[key];
        if (v !== undefined && v !== null && input(key).value === '') input(key).value = String(v);
      }
    }

    /** The one level to send, or a sentence saying which amount is missing. */
    function level() {
      const g = chosen();
      const l = { game: g.name, betting: $('betting').value };
      for (const el of document.querySelectorAll('#game-amounts label')) {
        if (el.hidden) continue;
        const key = el.querySelector('input').id.slice(2);
        const v = Number(el.querySelector('input').value);
        if (el.querySelector('input').value === '' && key === 'ante') continue;
        if (!Number.isFinite(v) || el.querySelector('input').value === '')
          return `${el.textContent.trim()}: a number is needed.`;
        l[key] = v;
      }
      return l; // a stud level has no blinds (R-STUD-BRING-IN): its bring-in, its ante and, under limit, its bets
    }

    function play() {
      const g = chosen();
      if (!g) return;
      const l = level();
      if (typeof l === 'string') return say(l, 'error');
      if (arm(`${l.game}/${l.betting}`))
        send('levels-start', { levels: [l] }, { structure: GameWords.gameName(l.game, l.betting) });
    }

    $('game').addEventListener('change', pickGame);
    $('betting').addEventListener('change', show);
    $('play-game').addEventListener('click', play);
    return { render, prefill };
  }

  root.FloorGame = { create };
})(window);
