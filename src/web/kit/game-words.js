// The games and betting structures in words, for every page: "Pot-Limit Omaha", "Limit Omaha Hi-Lo". The protocol's
// names (R-GAME-LIST) are looked up, never branched on; a name without a word here is shown capitalised, so a new
// game or structure is still named. Plain browser JS, no DOM.
'use strict';

(function (root) {
  const GAMES = {
    holdem: "Hold'em",
    omaha: 'Omaha',
    'omaha-hilo': 'Omaha Hi-Lo',
    stud: 'Stud',
    'stud-hilo': 'Stud Hi-Lo',
    razz: 'Razz',
  };
  const BETTING = { 'no-limit': 'No-Limit', 'pot-limit': 'Pot-Limit', limit: 'Limit' };
  const word = (table, name) => table[name] || name.charAt(0).toUpperCase() + name.slice(1);

  /** "Pot-Limit Omaha"; the game alone when no structure is named; '' when no game is. */
  function gameName(game, betting) {
    if (typeof game !== 'string' || game === '') return '';
    return typeof betting === 'string' && betting !== ''
      ? `${word(BETTING, betting)} ${word(GAMES, game)}`
      : word(GAMES, game);
  }

  /** "No-Limit", "Pot-Limit", "Limit". */
  function bettingName(betting) {
    return word(BETTING, betting);
  }

  /** The game a table state plays (`game`, and `betting` when it carries one) as one title. */
  function gameTitle(state) {
    return state ? gameName(state.game, state.betting) : '';
  }

  root.GameWords = { gameName, bettingName, gameTitle };
})(typeof window !== 'undefined' ? window : globalThis);
