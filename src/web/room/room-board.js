// The room board: reads what the room publishes (room/<id>/state, clock, moves, places, status) and each of its
// tables' own `state` (hand number, level, stacks) over MQTT, and draws them for the room's screens. Read-only: a
// display account is enough. Plain browser JS.
/* global TableTime, BoardChime, BoardClocks, PageLink, RoomBoardView, RoomMoney */
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const V = RoomBoardView;
  const MOVES_KEPT = 40;
  const LOGIN_KEY = 'room-board-login';
  const view = {
    state: null, // room/<id>/state
    clock: null, // the room clock: room/<id>/clock or the state's, whichever came last
    clockSeen: true, // for BoardClocks: the clock is always the room's, never a table's
    tables: {}, // table id → its own <tableBase>/<id>/state
    moves: [], // newest first: {move, shownAt}
    placeSeen: new Map(), // player → when their place came live
    roomStatus: null, // retained room/<id>/status
    prizes: null, // retained room/<id>/prizes (a room that keeps money)
    link: 'connecting',
    linkText: '',
  };
  const time = TableTime.create();
  const chime = BoardChime.create($('chime'));
  let config = null;
  let client = null;
  let lastLevel = null;

  function renderConn() {
    let state = view.link;
    if (state === 'live' && view.roomStatus === 'offline') state = 'offline';
    const badge = $('conn');
    badge.className = `conn ${state}`;
    badge.dataset.state = state;
    badge.textContent =
      { live: 'Live', offline: 'Room service offline', refused: 'Needs an account' }[state] || view.linkText;
    const overlay = $('overlay');
    overlay.hidden = state === 'live' || state === 'refused';
    overlay.dataset.state = state;
    $('overlay-text').textContent = state === 'offline' ? 'ROOM SERVICE OFFLINE' : view.linkText;
    $('overlay-detail').textContent =
      state === 'offline'
        ? 'The room service is not running: no draws, moves or level changes until it is back. Shown: the last it sent.'
        : state === 'reconnecting'
          ? 'Lost the broker: reconnecting every second. The numbers may be stale.'
          : '';
  }

  function connect(login) {
    if (client) client.end(true);
    const base = config.base;
    const topics = ['state', 'clock', 'moves', 'places', 'status', 'prizes'].map((t) => `${base}/${t}`);
    for (const t of config.tables) topics.push(`${config.tableBase}/${t.id}/state`);
    client = PageLink.connect(config, login, topics, {
      state: (state, text) => onLink(state, text, login),
      message: onMessage,
    });
  }

  function onLink(state, text, login) {
    view.link = state;
    view.linkText = text;
    if (state === 'refused') {
      localStorage.removeItem(LOGIN_KEY);
      $('login').hidden = false;
      $('login-error').hidden = !login.username;
      $('login-error').textContent = text;
      $('login-button').disabled = false;
    } else if (state === 'live') {
      $('login').hidden = true;
      // A room screen is a dedicated device: it logs in again by itself after a power cut.
      if (login.username) localStorage.setItem(LOGIN_KEY, JSON.stringify(login));
      void time.resync();
    }
    renderConn();
  }

  function onMessage(topic, text, data) {
    const base = config.base;
    if (topic === `${base}/status`) {
      view.roomStatus = text;
      return renderConn();
    }
    if (data === undefined) return; // not JSON
    if (topic === `${base}/state`) {
      view.state = data;
      view.clock = data.clock;
      renderAll();
    } else if (topic === `${base}/clock`) {
      view.clock = data;
      renderLevel();
    } else if (topic === `${base}/moves`) {
      view.moves.unshift({ move: data, shownAt: performance.now() });
      view.moves.length = Math.min(view.moves.length, MOVES_KEPT);
      V.renderMoves(view);
    } else if (topic === `${base}/prizes`) {
      view.prizes = data;
      RoomMoney.renderBoard($('money-panel'), data);
      V.renderCounts(view, config);
    } else if (topic === `${base}/places`) {
      view.placeSeen.set(data.player, performance.now());
      V.renderPlaces(view);
    } else if (topic.startsWith(`${config.tableBase}/`) && topic.endsWith('/state')) {
      view.tables[topic.slice(config.tableBase.length + 1, -'/state'.length)] = data;
      V.renderTables(view);
      V.renderCounts(view, config);
    }
  }

  function renderLevel() {
    BoardClocks.renderLevel(view, time.now(), chime);
    const l = view.clock;
    const key = l ? `${l.level}/${l.isBreak}` : null;
    if (lastLevel !== null && key !== null && key !== lastLevel) chime.ring('level');
    lastLevel = key;
  }

  function renderAll() {
    renderLevel();
    V.renderCounts(view, config);
    V.renderTables(view);
    V.renderPlaces(view);
  }

  $('login').addEventListener('submit', (e) => {
    e.preventDefault();
    $('login-button').disabled = true;
    connect({ username: $('username').value.trim(), password: $('password').value });
  });

  renderConn();
  V.renderMoves(view);
  // Whether the moves and places fill their panels depends on the screen's size.
  window.addEventListener('resize', () => {
    V.renderTables(view);
    V.renderMoves(view);
    V.renderPlaces(view);
  });
  PageLink.loadConfig()
    .then((c) => {
      config = c;
      time.set(c.time);
      $('room-name').textContent = c.roomId;
      document.title = `${c.roomId} — tournament room`;
      let saved = {};
      try {
        saved = JSON.parse(localStorage.getItem(LOGIN_KEY) || '{}');
      } catch {
        // a damaged entry: start without it
      }
      connect(saved);
      setInterval(() => {
        BoardClocks.renderTimeLeft(view, time.now(), chime);
        V.freshen(view);
      }, 250);
      setInterval(() => void time.resync(), 30000);
    })
    .catch((error) => {
      view.link = 'unreachable';
      view.linkText = `Cannot load the room's settings: ${error.message}`;
      renderConn();
    });
})();
