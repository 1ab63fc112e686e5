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
    let armed = null;

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
        `${breaks ? `, ${breaks} break${breaks > 1 ? 's' : ''}` : ''}. Starting replaces the levels now running.`;
    }

    function start() {
      const s = chosen();
      if (!s) return;
      const button = $('start-structure');
      // Restarting the levels by a slip of the thumb would hurt: the first tap arms, the second starts.
      if (armed !== s.name) {
        armed = s.name;
        button.textContent = 'Tap again to start';
        button.classList.add('armed');
        setTimeout(() => {
          if (armed !== s.name) return;
          armed = null;
          button.textContent = 'Start';
          button.classList.remove('armed');
        }, 4000);
        return;
      }
      armed = null;
      button.textContent = 'Start';
      button.classList.remove('armed');
      send('levels-start', { levels: s.levels }, { structure: s.title });
    }

    $('structure').addEventListener('change', describe);
    $('start-structure').addEventListener('click', start);
    return { render };
  }

  root.FloorStructures = { create };
})(window);
