// The game a table plays, in words, for the board and the floor page: "Pot-limit Omaha", "Hold'em". The state names
// the game (`game`) and, when it carries one, the betting structure (`betting`); a name without a word here is shown
// as it is, capitalised, so a new game or structure is still named. Plain browser JS, no DOM.
'use strict';

(function (root) {
  const GAMES = { holdem: "Hold'em", omaha: 'Omaha' };
  const BETTING = { 'no-limit': 'No-limit', 'pot-limit': 'Pot-limit', limit: 'Limit' };
  const word = (table, name) => table[name] || name.charAt(0).toUpperCase() + name.slice(1);

  /** The game and its structure as one title, or '' when the state names no game. */
  function gameTitle(state) {
    if (!state || typeof state.game !== 'string' || state.game === '') return '';
    const game = word(GAMES, state.game);
    return typeof state.betting === 'string' && state.betting !== '' ? `${word(BETTING, state.betting)} ${game}` : game;
  }

  root.GameWords = { gameTitle };
})(typeof window !== 'undefined' ? window : globalThis);
