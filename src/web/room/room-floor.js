// The room's floor page: logs in to the room's broker with a floor account, shows the room's clock, tables and
// balancing, and sends the room's commands on room/<id>/cmd/<name>, answered on room/<id>/cmd/result. Every answer is
// shown as a sentence (room-words.js). The page grants nothing: the broker's ACL decides what the account may do.
/* global TableTime, FloorWords, FloorView, FloorStructures, FloorLogin, PageLink, RoomWords, RoomMoney */
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const W = RoomWords;
  const FW = FloorWords;
  const ANSWER_MS = 5000; // no answer by then: say so
  const CONFIRM_MS = 1500; // how long to wait for the draw or the clock that an accepted command brings

  let config = null;
  let counter = 0;
  const view = { state: null, clock: null, clockSeen: 0, moves: [], status: null, prizes: null };
  const pending = new Map(); // id → {name, body, extra, movesBefore, clockBefore, timer}
  const time = TableTime.create();
  const say = (text, kind) => FloorView.say(text, kind);

  // ---- log in (floor-login.js, link.js) ----
  const session = FloorLogin.create(
    'room-floor',
    () => ({
      topics: ['cmd/result', 'state', 'clock', 'moves', 'status', 'prizes'].map((t) => `${config.base}/${t}`),
      message: onMessage,
      options: { who: 'room' },
    }),
    () => void time.resync(),
  );

  // ---- what the room says ----
  function onMessage(topic, text, data) {
    const base = config.base;
    if (topic === `${base}/status`) {
      view.status = text;
      return session.status(text, 'Room service offline');
    }
    if (data === undefined) return; // not JSON
    if (topic === `${base}/state`) {
      if (!view.state && data.balanceAt !== null) $('balance-at').value = String(data.balanceAt);
      view.state = data;
      view.clock = data.clock;
      render();
    } else if (topic === `${base}/clock`) {
      view.clock = data;
      view.clockSeen += 1;
      render();
    } else if (topic === `${base}/moves`) {
      view.moves.push(data);
      if (view.moves.length > 200) view.moves.shift();
    } else if (topic === `${base}/prizes`) {
      view.prizes = data;
      renderMoney();
    } else if (topic === `${base}/cmd/result`) onResult(data);
  }

  function onResult(answer) {
    const p = answer && pending.get(answer.id);
    if (!p) return; // another floor tool's answer
    pending.delete(answer.id);
    clearTimeout(p.timer);
    if (!answer.ok) return say(W.refusal(answer.code, p.body, answer.message || answer.error), 'error');
    const started = performance.now();
    const draw = () =>
      view.moves.slice(p.movesBefore).find((m) => m.player === p.body.player && m.from === null) || null;
    const confirmed = () =>
      p.name === 'register' ? draw() !== null : p.name.startsWith('levels-') ? view.clockSeen > p.clockBefore : true;
    const finish = () => {
      if (confirmed() || performance.now() - started > CONFIRM_MS) {
        const ctx = { ...p.extra, move: draw(), clock: view.clock, now: time.now() };
        say(RoomMoney.done(p.name, p.body, view.prizes) || W.done(p.name, p.body, ctx), 'ok');
      } else setTimeout(finish, 50);
    };
    finish();
  }

  // ---- commands ----
  function send(name, body, extra) {
    const client = session.client();
    if (!client || !client.connected)
      return say('Not connected to the room: wait for “live”, then try again.', 'error');
    const id = `room-floor-${Date.now().toString(36)}-${++counter}`;
    const timer = setTimeout(() => {
      if (!pending.delete(id)) return;
      const topic = `${config.base}/cmd/${name}`;
      const username = client && client.options.username;
      say(
        FW.noAnswer({ who: 'room', command: name, seconds: ANSWER_MS / 1000, status: view.status, username, topic }),
        'error',
      );
    }, ANSWER_MS);
    const movesBefore = view.moves.length;
    pending.set(id, { name, body, extra: extra || {}, movesBefore, clockBefore: view.clockSeen, timer });
    say('Sending…', 'busy');
    client.publish(`${config.base}/cmd/${name}`, JSON.stringify({ id, ...body }), { qos: 1 });
  }

  // The tables' refusals of the room's own commands, in the room's words (its state's `notices`): each said once.
  const noticed = new Set();
  function tellNotices(s) {
    for (const n of (s && s.notices) || []) {
      const key = `${n.at} ${n.table} ${n.text}`;
      if (noticed.has(key)) continue;
      noticed.add(key);
      say(n.text, 'error');
    }
  }

  // ---- drawing ----
  function render() {
    const s = view.state;
    const l = view.clock;
    tellNotices(s);
    $('f-paused').hidden = !(l && l.paused);
    $('f-level').textContent = !l
      ? 'No levels running'
      : l.isBreak
        ? `Break (after level ${l.level})`
        : `Level ${l.level} · ${W.levelBets(l, true)}`;
    FloorView.time(view, time.now());
    $('f-counts').textContent = s
      ? `${s.playersLeft} players left of ${s.entries} entries · ${s.tables.length} tables open`
      : '';
    renderTables(s);
    renderMoney();
    if (s && s.balanceAt !== null)
      $('balance-now').textContent =
        `Now: a player moves when two tables differ by ${s.balanceAt} players or more (${s.balancePick === 'random' ? 'drawn at random' : 'the next big blind'}).`;
  }

  /** The money card, and a line per player with one tap for a rebuy, an add-on or a re-entry, as the rules allow. */
  function renderMoney() {
    const p = view.prizes;
    RoomMoney.renderFloor($('money-card'), p, (shares) => send('deal', { shares }));
    RoomMoney.renderPlayers($('money-players'), p, view.state, W, send);
  }

  function renderTables(s) {
    const list = $('table-list');
    list.textContent = '';
    for (const t of config.tables) {
      const open = s ? s.tables.find((x) => x.id === t.id) : null;
      const li = document.createElement('li');
      li.dataset.table = t.id;
      li.className = open ? 'open' : 'closed';
      const what = document.createElement('div');
      const name = document.createElement('div');
      name.className = 't-name';
      name.textContent = W.cap(W.tableName(t.id));
      const detail = document.createElement('div');
      detail.className = 't-what';
      detail.textContent = open
        ? `${open.players.length} of ${open.seats} seats taken${open.online ? '' : ' · table offline'}`
        : `closed · ${t.seats} seats`;
      what.append(name, detail);
      li.append(what);
      if (!open) {
        const b = document.createElement('button');
        b.textContent = 'Open';
        b.className = 'open-table';
        b.addEventListener('click', () => send('open-table', { table: t.id }));
        li.append(b);
      }
      list.append(li);
    }
  }

  function wire() {
    for (const b of document.querySelectorAll('button[data-cmd]'))
      b.addEventListener('click', () => send(b.dataset.cmd, {}));
    $('register-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const player = FloorView.typedName($('player-name').value);
      if (player === null) return;
      send('register', { player });
      $('player-name').value = '';
    });
    $('balance-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const players = Number($('balance-at').value);
      if (!Number.isInteger(players) || players < 2)
        return say('Balancing needs a whole number of players, 2 or more.', 'error');
      send('balance-at', { players });
    });
  }

  wire();
  const structures = FloorStructures.create(send);
  PageLink.loadConfig()
    .then((c) => {
      config = c;
      time.set(c.time);
      $('room-name').textContent = c.roomId;
      document.title = `Floor — ${c.roomId}`;
      structures.render(c.structures || []);
      session.restore(c);
      setInterval(() => FloorView.time(view, time.now()), 250);
      setInterval(() => void time.resync(), 30000);
    })
    .catch((e) => {
      $('login-error').textContent = `Cannot load the room's settings: ${e.message}`;
      $('login-error').hidden = false;
    });
})();
