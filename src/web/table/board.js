// The display board: reads the table's public MQTT topics over WebSocket and draws them. Plain browser JS, no build.
// The broker link is the page kit's (link.js), as on the room's pages.
/* global PageLink, TableTime, BoardFeed, BoardChime, BoardClocks, BoardTable, BoardStatus, BoardStud, RoomMoney */
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const view = {
    snapshot: null, // <base>/state
    clock: null, // <base>/clock (level clock), null when no levels run
    clockSeen: false,
    feed: [], // newest first
    feedLines: [], // the feed as shown: devices online one after another are one line (board-feed.js)
    feedSeq: 0, // the retained feed's seq: live events at or below it are already in it
    feedTopic: false, // the table publishes <base>/feed (else the feed is built from events alone)
    boardCards: null, // from the public `board` events, ahead of the next state
    tableStatus: null, // 'online' | 'offline' (retained <base>/status)
    health: null, // retained <base>/health: {state: 'ok' | 'degraded', reasons: [{component, detail, since}], since}
    conn: 'connecting',
    moves: new Map(), // player → {table, seat}: where the room sent a player of this table (room/<id>/moves)
    bounties: null, // player → {head, currency}: the room's bounties (room/<id>/prizes), when it keeps money
    plays: null, // the last hand.started's {hand, game, betting}: what the hand under way plays (R-GAME-MIXED)
    stud: BoardStud.none(), // the hand's bring-in as its events tell it (board-stud.js)
  };
  // The table's clock, counted on from the server's (table-time.js).
  const time = TableTime.create();
  const tableNow = time.now;
  const resync = time.resync;

  // From config.json (start): the table's own feed list and length (src/mqtt/feed.ts), never a copy here.
  let feedTypes = new Set();
  let feedSize = 0;

  function setConn(state) {
    view.conn = state;
    renderConn();
  }

  function renderConn() {
    BoardStatus.renderConn(view.conn, view.tableStatus);
  }

  function renderHealth() {
    BoardStatus.renderHealth(view.health);
  }

  function start(config) {
    feedTypes = new Set(config.feedTypes);
    feedSize = config.feedSize;
    $('table-name').textContent = config.tableId;
    document.title = `${config.tableId} — poker table`;
    const base = config.base;
    if (!PageLink.brokerUrl(config)) {
      // No way to the broker (mqtt.embedded.wsPort null): the table's log and `doctor` tell the technician what to
      // set; the players' screen only says it shows nothing, in their words.
      $('overlay-text').textContent = 'TABLE NOT SHOWN';
      $('overlay-detail').textContent = 'This screen cannot show the table yet: please tell the floor.';
      $('overlay').hidden = false;
      return;
    }
    const movesTopic = config.roomBase ? `${config.roomBase}/moves` : null;
    // the room's money: the bounty on each player's head, beside their seat (docs/room-money.md)
    const prizesTopic = config.roomBase ? `${config.roomBase}/prizes` : null;
    const topics = ['state', 'clock', 'events', 'status', 'health', 'feed'].map((t) => `${base}/${t}`);
    if (movesTopic) topics.push(movesTopic, prizesTopic);
    // The broker's own WebSocket port, else the passthrough on this page's port (src/app/http.ts `pipe`); the
    // display account, if any, comes in config.json. Retried from the start: nobody types a login here.
    const login = { username: config.mqtt.username, password: config.mqtt.password };
    const on = {
      state(state) {
        if (state === 'live') void resync();
        if (state !== 'connecting') setConn(state === 'live' ? 'live' : 'reconnecting');
      },
      message(topic, text, data) {
        onMessage(topic, text, data, base, { movesTopic, prizesTopic, tableId: config.tableId });
      },
    };
    PageLink.connect(config, login, topics, on, { who: 'table', retry: true });
    setInterval(resync, 30000);
    setInterval(tick, 200);
  }

  /** What the table publishes, `topics` naming the room's topics when the table plays in a room. */
  function onMessage(topic, text, data, base, topics) {
    if (topic === `${base}/status`) {
      view.tableStatus = text;
      renderConn();
      return;
    }
    if (data === undefined) return; // not JSON
    if (topic === `${base}/health`) {
      view.health = data;
      renderHealth();
    } else if (topic === `${base}/state`) {
      view.snapshot = data;
      renderTable();
    } else if (topic === `${base}/clock`) {
      view.clock = unwrapClock(data);
      view.clockSeen = true;
      renderLevel();
    } else if (topic === `${base}/feed`) onFeed(data);
    else if (topic === `${base}/events`) onEvent(data);
    else if (topic === topics.movesTopic) onMove(data, topics.tableId);
    else if (topic === topics.prizesTopic) {
      view.bounties = RoomMoney.heads(data);
      renderTable();
    }
  }

  function unwrapClock(data) {
    if (data === null || typeof data !== 'object') return null;
    if ('level' in data && data.level !== null && typeof data.level === 'object') return data.level;
    return 'level' in data && data.level === null ? null : data;
  }

  function onEvent(event) {
    if (!event || typeof event.type !== 'string') return;
    if (event.type === 'hand.started' || event.type === 'hand.ended') $('hand-info').textContent = handText(event);
    if (event.type === 'hand.started') {
      setBoardCards([]);
      setPlays(event);
    }
    view.stud = BoardStud.onEvent(view.stud, event);
    renderBringIn();
    if (event.type === 'board' && Array.isArray(event.cards)) setBoardCards(event.cards);
    if (event.type === 'level.changed') chime.ring('level');
    // With the retained feed, the feed topic brings these too (right after the event): only tables without it are
    // fed from here.
    if (view.feedTopic || !feedTypes.has(event.type) || event.seq <= view.feedSeq) return;
    view.feed.unshift({ event, shownAt: performance.now() });
    view.feed.length = Math.min(view.feed.length, feedSize);
    renderFeed();
  }

  /** R-ROOM-MOVE: a move the room published; one from this table names the player's new table and seat. */
  function onMove(move, tableId) {
    if (!move || !move.from || move.from.table !== tableId || !move.to || typeof move.player !== 'string') return;
    view.moves.set(move.player, move.to);
    renderFeed();
  }

  /** The retained feed: what a board that was open all along shows, for a board that (re)connects now. */
  function onFeed(feed) {
    if (!feed || !Array.isArray(feed.items)) return;
    const first = !view.feedTopic;
    view.feedTopic = true;
    const known = new Map(view.feed.map((item) => [item.event.seq, item.shownAt]));
    // Items new since the last feed are highlighted; the first feed after connecting is history.
    view.feed = feed.items.slice(0, feedSize).map((event) => ({
      event,
      shownAt: known.get(event.seq) ?? (first ? -Infinity : performance.now()),
    }));
    view.feedSeq = feed.seq || 0;
    if (feed.hand) $('hand-info').textContent = handText(feed.hand);
    if (feed.hand && feed.hand.type === 'hand.started' && !view.plays) setPlays(feed.hand);
    renderFeed();
  }

  function setBoardCards(cards) {
    view.boardCards = cards;
    renderBoardCards(cards);
  }

  function setPlays(started) {
    view.plays = { hand: started.hand ?? null, game: started.game, betting: started.betting };
    renderTable();
  }

  function handText(event) {
    // stud games have no button (R-STUD-DEAL)
    if (event.type === 'hand.started')
      return `Hand ${event.hand ?? ''}${event.button !== null ? ` · button seat ${event.button}` : ''}`;
    return `Hand ${event.hand ?? ''} ended (${event.reason})`;
  }

  // ---- drawing (board-clocks.js, board-table.js) ----
  const { money, clockText } = BoardClocks;
  const renderLevel = () => BoardClocks.renderLevel(view, tableNow(), chime);
  const renderTimeLeft = () => BoardClocks.renderTimeLeft(view, tableNow(), chime);
  const renderShotClock = () => BoardClocks.renderShotClock(view, tableNow());
  const renderBoardCards = (cards) => BoardTable.renderBoardCards(cards);
  const layoutSeats = () => BoardTable.layoutSeats();
  const renderBringIn = () =>
    BoardTable.renderBringIn(BoardStud.bringInText(view.stud, view.snapshot, BoardClocks.levelOf(view), money));

  function renderTable() {
    if (!view.snapshot) return;
    view.boardCards = null;
    BoardTable.renderTable(view.snapshot, view.bounties, view.plays);
    renderBringIn();
    renderShotClock();
    if (!view.clockSeen) renderLevel();
  }

  // ---- floor feed ----
  function renderFeed() {
    const list = $('feed');
    list.textContent = '';
    view.feedLines = BoardFeed.feedGroups(view.feed);
    for (const item of view.feedLines) {
      const moveOf = (player) => view.moves.get(player) || null;
      const [cls, what, detail] = BoardFeed.groupLine(item, { money, clockText, moveOf });
      const li = document.createElement('li');
      li.className = cls;
      li.dataset.type = item.event.type;
      if (item.event.hand) li.dataset.hand = String(item.event.hand);
      const w = document.createElement('span');
      w.className = 'what';
      w.textContent = item.event.hand ? `#${item.event.hand} ${what}` : what;
      const d = document.createElement('span');
      d.className = 'detail';
      d.textContent = detail || '';
      li.append(w, d);
      list.appendChild(li);
    }
    freshen();
  }

  function freshen() {
    const items = $('feed').children;
    view.feedLines.forEach((item, i) => {
      if (items[i]) items[i].classList.toggle('fresh', performance.now() - item.shownAt < 8000);
    });
  }

  function tick() {
    renderTimeLeft();
    renderShotClock();
    freshen();
  }

  renderConn();
  const chime = BoardChime.create($('chime'));
  // The table panel changes size with the window and with the panels beside it (a clock that appears, a feed
  // that fills): place the seats again whenever it does.
  if (window.ResizeObserver) new ResizeObserver(() => layoutSeats()).observe($('table-view'));
  else window.addEventListener('resize', () => layoutSeats());
  PageLink.loadConfig()
    .then((config) => {
      time.set(config.time);
      start(config);
    })
    .catch((error) => {
      $('overlay-text').textContent = `Cannot load config.json: ${error.message}`;
      $('overlay').hidden = false;
    });
})();
