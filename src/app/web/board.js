// The display board: reads the table's public MQTT topics over WebSocket and draws them. Plain browser JS, no build.
// `mqtt` is the global from MQTT.js's browser bundle (served at vendor/mqtt.min.js).
/* global mqtt, SeatLayout, BoardFeed, BoardChime */
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const view = {
    snapshot: null, // <base>/state
    clock: null, // <base>/clock (level clock), null when no levels run
    clockSeen: false,
    feed: [], // newest first
    feedSeq: 0, // the retained feed's seq: live events at or below it are already in it
    feedTopic: false, // the table publishes <base>/feed (else the feed is built from events alone)
    boardCards: null, // from the public `board` events, ahead of the next state
    tableStatus: null, // 'online' | 'offline' (retained <base>/status)
    health: null, // retained <base>/health: {state: 'ok' | 'degraded', reasons: [{component, detail, since}], since}
    conn: 'connecting',
  };
  // Table time: the server tells its clock (virtual under --speed) and speed; the page counts on from there, so a
  // tablet with a wrong clock still shows the right time left.
  const sync = { now: 0, perf: 0, speed: 1 };
  const tableNow = () => sync.now + (performance.now() - sync.perf) * sync.speed;

  const FEED_SIZE = 8;
  const FEED_TYPES = new Set([
    'irregularity',
    'misdeal',
    'hand.dead',
    'violation',
    'clock.called',
    'penalty.started',
    'level.changed',
    'levels.paused',
    'levels.resumed',
    'level.adjusted',
    'showdown',
    'device.offline',
    'device.online',
    'timebank.used',
  ]);

  async function fetchJson(path) {
    const response = await fetch(path, { cache: 'no-store' });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return response.json();
  }

  async function resync() {
    try {
      const before = performance.now();
      const t = await fetchJson('time');
      const after = performance.now();
      sync.now = t.now;
      sync.speed = t.speed;
      sync.perf = (before + after) / 2;
    } catch {
      // keep counting on the last sync; the connection badge tells the room if the server is gone
    }
  }

  function setConn(state) {
    view.conn = state;
    renderConn();
  }

  function renderConn() {
    const badge = $('conn');
    let state = view.conn;
    if (state === 'live' && view.tableStatus === 'offline') state = 'offline';
    const text = {
      live: 'Live',
      connecting: 'Connecting…',
      reconnecting: 'Reconnecting…',
      offline: 'Table offline',
    };
    // The board's own link (to the broker) and the table's (its controller) fail differently and are fixed by
    // different people: say which one it is.
    const detail = {
      connecting: 'Connecting to the table’s broker…',
      reconnecting: 'Lost the broker: reconnecting every second. The numbers below may be stale.',
      offline: 'The table’s controller is not running. Shown: the last state it sent.',
    };
    badge.className = `conn ${state}`;
    badge.dataset.state = state;
    badge.textContent = text[state];
    const overlay = $('overlay');
    overlay.hidden = state === 'live';
    overlay.className = state;
    overlay.dataset.state = state;
    $('overlay-text').textContent = state === 'offline' ? 'TABLE OFFLINE' : text[state];
    $('overlay-detail').textContent = detail[state] || '';
  }

  // A degraded table (its journal cannot be written, …) plays on only in appearance: the room must see it.
  function renderHealth() {
    const banner = $('health');
    const h = view.health;
    const degraded = h && h.state === 'degraded' && Array.isArray(h.reasons);
    banner.hidden = !degraded;
    if (!degraded) return;
    const since = new Date(h.since).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    const why = h.reasons.map((r) => `${r.component}: ${r.detail}`).join(' · ');
    banner.textContent = `Table degraded since ${since}: ${why}. Call the floor.`;
  }

  function start(config) {
    $('table-name').textContent = config.tableId;
    document.title = `${config.tableId} — poker table`;
    const base = config.base;
    if (!config.mqtt.url && !config.mqtt.port) {
      // A browser only speaks MQTT over WebSocket: say what to configure instead of retrying forever.
      $('overlay-text').textContent = 'No MQTT WebSocket: set mqtt.embedded.wsPort, or use a ws:// external broker';
      $('overlay').hidden = false;
      return;
    }
    const url =
      config.mqtt.url ||
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.hostname}:${config.mqtt.port}${config.mqtt.path || ''}`;
    const client = mqtt.connect(url, {
      protocolVersion: 4, // the embedded broker speaks MQTT 3.1.1
      reconnectPeriod: 1000,
      connectTimeout: 5000,
      clean: true,
      username: config.mqtt.username || undefined,
      password: config.mqtt.password || undefined,
    });
    client.on('connect', () => {
      client.subscribe(
        [`${base}/state`, `${base}/clock`, `${base}/events`, `${base}/status`, `${base}/health`, `${base}/feed`],
        {
          qos: 1,
        },
      );
      setConn('live');
      void resync();
    });
    client.on('reconnect', () => setConn('reconnecting'));
    client.on('offline', () => setConn('reconnecting'));
    client.on('close', () => {
      if (view.conn === 'live') setConn('reconnecting');
    });
    client.on('error', () => setConn('reconnecting'));
    client.on('message', (topic, payload) => {
      const text = payload.toString();
      if (topic === `${base}/status`) {
        view.tableStatus = text;
        renderConn();
        return;
      }
      let data;
      try {
        data = JSON.parse(text);
      } catch {
        return;
      }
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
    });
    setInterval(resync, 30000);
    setInterval(tick, 200);
  }

  function unwrapClock(data) {
    if (data === null || typeof data !== 'object') return null;
    if ('level' in data && data.level !== null && typeof data.level === 'object') return data.level;
    return 'level' in data && data.level === null ? null : data;
  }

  function levelClock() {
    if (view.clockSeen) return view.clock;
    return view.snapshot ? view.snapshot.level : null;
  }

  function onEvent(event) {
    if (!event || typeof event.type !== 'string') return;
    if (event.type === 'hand.started' || event.type === 'hand.ended') $('hand-info').textContent = handText(event);
    if (event.type === 'hand.started') setBoardCards([]);
    if (event.type === 'board' && Array.isArray(event.cards)) setBoardCards(event.cards);
    if (event.type === 'level.changed') chime.ring('level');
    // With the retained feed, the feed topic brings these too (right after the event): only tables without it are
    // fed from here.
    if (view.feedTopic || !FEED_TYPES.has(event.type) || event.seq <= view.feedSeq) return;
    view.feed.unshift({ event, shownAt: performance.now() });
    view.feed.length = Math.min(view.feed.length, FEED_SIZE);
    renderFeed();
  }

  /** The retained feed: what a board that was open all along shows, for a board that (re)connects now. */
  function onFeed(feed) {
    if (!feed || !Array.isArray(feed.items)) return;
    const first = !view.feedTopic;
    view.feedTopic = true;
    const known = new Map(view.feed.map((item) => [item.event.seq, item.shownAt]));
    // Items new since the last feed are highlighted; the first feed after connecting is history.
    view.feed = feed.items.slice(0, FEED_SIZE).map((event) => ({
      event,
      shownAt: known.get(event.seq) ?? (first ? -Infinity : performance.now()),
    }));
    view.feedSeq = feed.seq || 0;
    if (feed.hand) $('hand-info').textContent = handText(feed.hand);
    renderFeed();
  }

  function setBoardCards(cards) {
    view.boardCards = cards;
    renderBoardCards(cards);
  }

  function handText(event) {
    if (event.type === 'hand.started') return `Hand ${event.hand ?? ''} · button seat ${event.button}`;
    return `Hand ${event.hand ?? ''} ended (${event.reason})`;
  }

  // ---- level clock ----
  function money(n) {
    return n === null || n === undefined ? '—' : Number(n).toLocaleString('en-US');
  }
  function blindsText(l) {
    return l.isBreak ? 'BREAK' : `${money(l.smallBlind)} / ${money(l.bigBlind)}`;
  }

  function renderLevel() {
    const l = levelClock();
    const panel = $('level-clock');
    if (!l) {
      $('level').textContent = 'No levels running';
      $('blinds').textContent = '—';
      $('ante').textContent = '';
      $('next-level').textContent = '—';
      $('paused').hidden = true;
      panel.classList.remove('on-break');
      renderTimeLeft();
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
        : `${money(n.smallBlind)} / ${money(n.bigBlind)}${n.ante ? ` ante ${money(n.ante)}` : ''} · ${n.minutes} min`;
    renderTimeLeft();
  }

  function clockText(ms) {
    const total = Math.max(0, Math.ceil(ms / 1000));
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = total % 60;
    const two = (x) => String(x).padStart(2, '0');
    return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
  }

  function renderTimeLeft() {
    const l = levelClock();
    const el = $('time-left');
    if (!l) {
      el.textContent = '--:--';
      el.classList.remove('ending');
      return;
    }
    const ms = l.paused || l.endsAt === null ? l.remainingMs : l.endsAt - tableNow();
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

  // ---- shot clock ----
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

  function renderShotClock() {
    const s = view.snapshot;
    const panel = $('shot-clock');
    const call = s && s.clock;
    const on = s && s.onAction;
    panel.classList.toggle('called', Boolean(call));
    if (call) {
      const ms = call.deadline - tableNow();
      $('shot-title').textContent = call.kind === 'shot-clock' ? 'Shot clock' : 'Clock called';
      $('shot-seat').textContent = `Seat ${call.seat}${playerSuffix(call.seat)}`;
      setShotTime(secondsText(ms));
      panel.classList.remove('idle');
      panel.classList.toggle('urgent', ms <= 10000);
      return;
    }
    $('shot-title').textContent = 'Action';
    if (on) {
      $('shot-seat').textContent = `Seat ${on.seat}${playerSuffix(on.seat)}`;
      if (on.deadline !== null && on.deadline !== undefined) {
        const ms = on.deadline - tableNow();
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

  function playerSuffix(seat) {
    const info = view.snapshot && view.snapshot.seatInfo.find((x) => x.seat === seat);
    return info && info.player ? ` · ${info.player}` : '';
  }

  // ---- table view ----
  function renderTable() {
    const s = view.snapshot;
    if (!s) return;
    const seats = $('seats');
    if (seats.childElementCount !== s.seats) {
      seats.textContent = '';
      for (let i = 1; i <= s.seats; i++) {
        const el = document.createElement('div');
        el.className = 'seat';
        el.dataset.seat = String(i);
        el.innerHTML =
          '<div class="num"></div><div class="name"></div><div class="chips"></div><div class="badges"></div>';
        seats.appendChild(el);
      }
    }
    for (const info of s.seatInfo) {
      const el = seats.querySelector(`.seat[data-seat="${info.seat}"]`);
      if (!el) continue;
      const onAction = s.onAction && s.onAction.seat === info.seat;
      el.className = 'seat';
      if (!info.player) el.classList.add('empty');
      if (info.player && !info.present) el.classList.add('absent');
      if (info.folded) el.classList.add('folded');
      if (onAction) el.classList.add('on-action');
      el.querySelector('.num').textContent = String(info.seat);
      const name = el.querySelector('.name');
      name.textContent = info.player || (info.present ? 'occupied' : 'empty');
      // A long name gets a smaller font, and its full text as a tooltip when it is still cut.
      name.classList.toggle('long', (info.player || '').length > 12);
      name.classList.toggle('very-long', (info.player || '').length > 18);
      el.title = info.player ? `Seat ${info.seat}: ${info.player}` : `Seat ${info.seat}`;
      // chips tracked only: the stack behind and this round's bet
      const chips = el.querySelector('.chips');
      if (chips) chips.textContent = chipsText(info);
      const badges = [];
      if (s.button === info.seat) badges.push(['button', 'D']);
      if (s.smallBlind === info.seat) badges.push(['sb', 'SB']);
      if (s.bigBlind === info.seat) badges.push(['bb', 'BB']);
      if (info.dead) badges.push(['dead', 'DEAD']);
      if (info.player && !info.present) badges.push(['away', 'AWAY']);
      if (info.allIn) badges.push(['allin', 'ALL-IN']);
      if (info.penaltyHands > 0) badges.push(['penalty', `PEN ${info.penaltyHands}`]);
      el.querySelector('.badges').innerHTML = badges
        .map(([cls, text]) => `<span class="badge ${cls}">${text}</span>`)
        .join('');
    }
    view.boardCards = null;
    renderBoardCards(s.board || []);
    // Names and badges change the seats' sizes: place them again (cheap: a few seats, on state changes only).
    layoutSeats();
    $('phase').textContent =
      (s.hand === null
        ? 'Waiting for the shuffle'
        : `Hand ${s.hand} · ${s.phase === 'betting' && s.street ? s.street : s.phase}`) + potsText(s);
    renderShotClock();
    if (!view.clockSeen) renderLevel();
  }

  /** A seat's chips with chips tracked (the state has `stack` then), else nothing. */
  function chipsText(info) {
    if (info.stack === undefined || !info.player) return '';
    const stack = info.stack === null ? '?' : money(info.stack);
    return info.bet ? `${stack} · bet ${money(info.bet)}` : stack;
  }

  /** The pots and the amount to call, with chips tracked. */
  function potsText(s) {
    if (!s.pots) return '';
    const pots = s.pots.map((p, i) => `${i === 0 ? 'pot' : `side ${i}`} ${money(p.amount)}`).join(' · ');
    const call = s.toCall ? ` · to call ${money(s.toCall)}` : '';
    return (pots ? ` · ${pots}` : '') + call;
  }

  function layoutSeats() {
    SeatLayout.placeSeats($('table-view'), $('seats'));
  }

  /** The public cards on the table (flop, turn, river): from `state.board` and the `board` events, never a hole or
   * burn card (those are null on the public topics anyway). */
  function renderBoardCards(cards) {
    const board = $('board-cards');
    board.textContent = '';
    for (const c of cards) {
      if (typeof c !== 'string' || !/^[2-9TJQKA][shdc]$/.test(c)) continue;
      const span = document.createElement('span');
      span.className = `card${/[hd]$/.test(c) ? ' red' : ''}`;
      span.textContent = cardText(c);
      board.appendChild(span);
    }
  }

  function cardText(c) {
    const suits = { s: '♠', h: '♥', d: '♦', c: '♣' };
    const rank = c[0] === 'T' ? '10' : c[0];
    return `${rank}${suits[c[1]] || c[1]}`;
  }

  // ---- floor feed ----
  function renderFeed() {
    const list = $('feed');
    list.textContent = '';
    for (const item of view.feed) {
      const [cls, what, detail] = BoardFeed.feedLine(item.event, { money, clockText });
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
    view.feed.forEach((item, i) => {
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
  fetchJson('config.json')
    .then((config) => {
      sync.now = config.time.now;
      sync.speed = config.time.speed;
      sync.perf = performance.now();
      start(config);
    })
    .catch((error) => {
      $('overlay-text').textContent = `Cannot load config.json: ${error.message}`;
      $('overlay').hidden = false;
    });
})();
