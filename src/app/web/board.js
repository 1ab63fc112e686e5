// The display board: reads the table's public MQTT topics over WebSocket and draws them. Plain browser JS, no build.
// `mqtt` is the global from MQTT.js's browser bundle (served at vendor/mqtt.min.js).
/* global mqtt */
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const view = {
    snapshot: null, // <base>/state
    clock: null, // <base>/clock (level clock), null when no levels run
    clockSeen: false,
    feed: [], // newest first
    tableStatus: null, // 'online' | 'offline' (retained <base>/status)
    health: null, // retained <base>/health: {state: 'ok' | 'degraded', reasons: [{component, detail, since}], since}
    conn: 'connecting',
  };
  // Table time: the server tells its clock (virtual under --speed) and speed; the page counts on from there, so a
  // tablet with a wrong clock still shows the right time left.
  const sync = { now: 0, perf: 0, speed: 1 };
  const tableNow = () => sync.now + (performance.now() - sync.perf) * sync.speed;

  const FEED_SIZE = 6;
  const FEED_TYPES = new Set([
    'irregularity',
    'misdeal',
    'hand.dead',
    'violation',
    'clock.called',
    'penalty.started',
    'level.changed',
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
    const text = { live: 'Live', connecting: 'Connecting…', reconnecting: 'Reconnecting…', offline: 'Table offline' };
    badge.className = `conn ${state}`;
    badge.dataset.state = state;
    badge.textContent = text[state];
    $('overlay').hidden = state === 'live';
    $('overlay-text').textContent = text[state];
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
      client.subscribe([`${base}/state`, `${base}/clock`, `${base}/events`, `${base}/status`, `${base}/health`], {
        qos: 1,
      });
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
      } else if (topic === `${base}/events`) onEvent(data);
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
    if (!FEED_TYPES.has(event.type)) return;
    view.feed.unshift({ event, shownAt: performance.now() });
    view.feed.length = Math.min(view.feed.length, FEED_SIZE);
    renderFeed();
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
    $('level').textContent = l.isBreak ? `Break (level ${l.level})` : `Level ${l.level}`;
    $('blinds').textContent = blindsText(l);
    $('ante').textContent = !l.isBreak && l.ante ? `Ante ${money(l.ante)}` : '';
    $('paused').hidden = !l.paused;
    panel.classList.toggle('on-break', Boolean(l.isBreak));
    const n = l.next;
    $('next-level').textContent = !n
      ? 'last level'
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
    el.textContent = clockText(ms);
    el.classList.toggle('ending', ms < 60000);
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
        // Seat 1 at the dealer's left, going round clockwise as seen from above.
        const angle = Math.PI / 2 + (2 * Math.PI * (i - 0.5)) / s.seats;
        el.style.left = `${50 + 42 * Math.cos(angle)}%`;
        el.style.top = `${50 + 40 * Math.sin(angle)}%`;
        el.innerHTML = '<div class="num"></div><div class="name"></div><div class="badges"></div>';
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
      el.querySelector('.name').textContent = info.player || (info.present ? 'occupied' : 'empty');
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
    const board = $('board-cards');
    board.innerHTML = (s.board || [])
      .map((c) => `<span class="card${/[hd]$/.test(c) ? ' red' : ''}">${cardText(c)}</span>`)
      .join('');
    $('phase').textContent =
      s.hand === null
        ? 'Waiting for the shuffle'
        : `Hand ${s.hand} · ${s.phase === 'betting' && s.street ? s.street : s.phase}`;
    renderShotClock();
    if (!view.clockSeen) renderLevel();
  }

  function cardText(c) {
    const suits = { s: '♠', h: '♥', d: '♦', c: '♣' };
    const rank = c[0] === 'T' ? '10' : c[0];
    return `${rank}${suits[c[1]] || c[1]}`;
  }

  // ---- floor feed ----
  function feedLine(e) {
    switch (e.type) {
      case 'irregularity':
        return ['irregularity', `Irregularity: ${e.kind.replace(/-/g, ' ')}`, e.remedy];
      case 'misdeal':
        return ['misdeal', 'Misdeal', `reason: ${e.reason.replace(/-/g, ' ')}`];
      case 'hand.dead':
        return ['dead', `Seat ${e.seat}: hand dead`, `reason: ${e.reason}`];
      case 'violation':
        // The event's sentence names the rule; a rule id alone means nothing to the room.
        return ['violation', `Seat ${e.seat}: violation`, e.message || `rule ${e.rule}`];
      case 'clock.called':
        return ['clock', `Clock on seat ${e.seat}`, `called by ${e.by}`];
      case 'penalty.started':
        return ['violation', `Seat ${e.seat}: penalty`, `${e.hands} hands`];
      case 'level.changed':
        return [
          'level',
          e.break ? 'Break' : `Level ${e.level}: ${money(e.smallBlind)} / ${money(e.bigBlind)}`,
          `from hand ${e.appliesToHand}`,
        ];
      case 'showdown':
        return [
          'showdown',
          `Seat${e.winners.length > 1 ? 's' : ''} ${e.winners.join(', ')} win${e.winners.length > 1 ? '' : 's'}`,
          e.rank,
        ];
      case 'device.offline':
        return ['violation', `Device ${e.device} offline`, e.detail];
      case 'device.online':
        return ['level', `Device ${e.device} online`, e.detail];
      case 'timebank.used':
        return ['clock', `Seat ${e.seat}: time bank`, `${e.remaining} left`];
      default:
        return ['other', e.type, ''];
    }
  }

  function renderFeed() {
    const list = $('feed');
    list.textContent = '';
    for (const item of view.feed) {
      const [cls, what, detail] = feedLine(item.event);
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
