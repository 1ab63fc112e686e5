// The floor page's saved blind structures (config/structures/, listed in config.json): the picker, a line saying what
// the chosen one is, and a Start button that must be tapped twice. Plain browser JS; floor.js sends the command.
/* global FloorWords */
'use strict';

(function (root) {
  const $ = (id) => document.getElementById(id);
  const W = FloorWords;

  /** Wires the picker; `send(name, body, extra)` sends a floor command. Returns `render(structures)`. */
  function create(send) {
    let list = [];

    function render(structures) {
      list = structures;
      const select = $('structure');
      select.textContent = '';
      for (const s of list) {
        const o = document.createElement('option');
        o.value = s.name;
        o.textContent = s.title;
        select.appendChild(o);
      }
      if (list.length === 0) {
        const o = document.createElement('option');
        o.textContent = 'No saved structures';
        select.appendChild(o);
        select.disabled = true;
        $('start-structure').disabled = true;
      }
      describe();
    }

    function chosen() {
      return list.find((s) => s.name === $('structure').value) || null;
    }

    function describe() {
      const s = chosen();
      if (!s) return ($('structure-info').textContent = 'Save structures in config/structures/ (see docs/board.md).');
      const play = s.levels.filter((l) => !l.break);
      const first = play[0];
      const breaks = s.levels.length - play.length;
      $('structure-info').textContent =
        `${play.length} levels from ${W.blinds(first)}, ${first.minutes} min each at first` +
        `${breaks ? `, ${breaks} break${breaks > 1 ? 's' : ''}` : ''}${games(play)}. Starting replaces the levels now running.`;
    }

    /** A mixed structure's games in their order (R-GAME-MIXED): ", playing Limit Hold'em, …, Limit Razz in turn". */
    function games(play) {
      const names = [];
      for (const l of play) {
        const name = l.game ? root.GameWords.gameName(l.game, l.betting) : '';
        if (!name || names.includes(name)) break;
        names.push(name);
      }
      return names.length > 1 ? `, playing ${names.join(', ')} in turn` : names.length ? `, playing ${names[0]}` : '';
    }

    const arm = armer($('start-structure'), 'Start');
    function start() {
      const s = chosen();
      if (s && arm(s.name)) send('levels-start', { levels: s.levels }, { structure: s.title });
    }

    $('structure').addEventListener('change', describe);
    $('start-structure').addEventListener('click', start);
    return { render };
  }

  /** Restarting the levels by a slip of the thumb would hurt: the first tap on `button` arms it for `key` (4 s), the
   * second goes. The returned function says whether this tap goes. */
  function armer(button, idle) {
    let armed = null;
    const disarm = () => {
      armed = null;
      button.textContent = idle;
      button.classList.remove('armed');
    };
    return (key) => {
      if (armed === key) {
        disarm();
        return true;
      }
      armed = key;
      button.textContent = 'Tap again to start';
      button.classList.add('armed');
      setTimeout(() => armed === key && disarm(), 4000);
      return false;
    };
  }

  root.FloorStructures = { create, armer };
})(window);
