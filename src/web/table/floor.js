// The floor page: logs in to the table's broker with a floor account (MQTT over WebSocket), shows the level clock and
// the seats, and sends floor commands on <base>/cmd/<name>, answered on <base>/cmd/result. Every answer is shown as a
// sentence (floor-words.js). The page grants nothing: the broker's ACL decides what the account may do.
/* global mqtt, TableTime, FloorWords, FloorView, FloorStructures, FloorChips */
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const W = FloorWords;
  const ANSWER_MS = 5000; // no answer by then: say so (a table that is off gets no queued commands)
  const CONFIRM_MS = 1500; // how long to wait for the event that confirms an accepted command

  let config = null;
  let client = null;
  let base = '';
  let counter = 0;
  let selectedSeat = null;
  let lastSeq = 0;
  const view = { state: null, clock: null, events: [], status: null };
  const pending = new Map(); // id -> { name, body, extra, seq, timer }
  const time = TableTime.create();
  const tableNow = time.now;
  const resync = time.resync;

  const setConn = (state, text) => FloorView.conn(state, text);
  const say = (text, kind) => FloorView.say(text, kind);

  // ---- log in ----
  function logIn(username, password) {
    // The broker's own WebSocket port, else the passthrough on this page's port (src/app/http.ts `pipe`).
    const where = config.mqtt.port ? `${location.hostname}:${config.mqtt.port}` : location.host;
    const url =
      config.mqtt.url || `${location.protocol === 'https:' ? 'wss' : 'ws'}://${where}${config.mqtt.path || ''}`;
    $('login-error').hidden = true;
    $('login-button').disabled = true;
    setConn('connecting', 'Logging in…');
    let everConnected = false;
    const c = mqtt.connect(url, {
      protocolVersion: 4,
      username,
      password,
      clean: true,
      connectTimeout: 5000,
      reconnectPeriod: 0, // a refused login is not retried; after the first success, reconnect (below)
    });
    client = c;
    c.on('connect', () => {
      everConnected = true;
      c.options.reconnectPeriod = 1000;
      c.subscribe(
        [
          `${base}/cmd/result`,
          `${base}/input/result`,
          `${base}/events`,
          `${base}/state`,
          `${base}/clock`,
          `${base}/status`,
        ],
        { qos: 1 },
        (err, granted) => {
          const refused = (granted || []).filter((g) => g.qos === 128).map((g) => g.topic);
          if (err || refused.includes(`${base}/cmd/result`)) {
            failLogin(`The account “${username}” may not give floor commands at this table (it has no floor role).`);
            return;
          }
          sessionStorage.setItem('floor-login', JSON.stringify({ username, password }));
          localStorage.setItem('floor-username', username);
          $('login').hidden = true;
          $('desk').hidden = false;
          setConn('live', `${username} · live`);
          $('login-button').disabled = false;
        },
      );
      void resync();
    });
    c.on('error', (err) => {
      if (everConnected) return;
      const code = err && err.code;
      failLogin(
        code === 4 || code === 5 || /bad username|not authorized/i.test(String(err && err.message))
          ? 'Wrong username or password.'
          : `Cannot reach the table's broker (${err && err.message ? err.message : 'no answer'}).`,
      );
    });
    c.on('close', () => {
      if (!everConnected) {
        if ($('login-error').hidden) failLogin("Cannot reach the table's broker.");
        return;
      }
      if (client === c) setConn('reconnecting', 'Reconnecting…');
    });
    c.on('reconnect', () => setConn('reconnecting', 'Reconnecting…'));
    c.on('message', onMessage);
  }

  function failLogin(text) {
    $('login-error').textContent = text;
    $('login-error').hidden = false;
    $('login-button').disabled = false;
    $('login').hidden = false;
    $('desk').hidden = true;
    sessionStorage.removeItem('floor-login');
    setConn('out', 'Logged out');
    if (client) client.end(true);
    client = null;
  }

  function logOut() {
    sessionStorage.removeItem('floor-login');
    if (client) client.end(true);
    client = null;
    $('desk').hidden = true;
    $('login').hidden = false;
    $('password').value = '';
    setConn('out', 'Logged out');
  }

  // ---- what the table says ----
  function onMessage(topic, payload) {
    const text = payload.toString();
    if (topic === `${base}/status`) {
      view.status = text;
      if (text === 'offline') setConn('offline', 'Table offline');
      else if (client && client.connected) setConn('live', `${client.options.username} · live`);
      return;
    }
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      return;
    }
    if (topic === `${base}/state`) {
      view.state = data;
      lastSeq = Math.max(lastSeq, data.seq || 0);
      renderSeats();
      renderStatus();
    } else if (topic === `${base}/clock`) {
      view.clock = data;
      renderStatus();
    } else if (topic === `${base}/events`) {
      if (!data || typeof data.seq !== 'number') return;
      lastSeq = Math.max(lastSeq, data.seq);
      view.events.push(data);
      if (view.events.length > 200) view.events.shift();
      if (data.type === 'request.rejected' && data.request === 'clock') settleClockCall(data);
      if (data.type === 'clock.called' && data.by === 'floor') settleClockCall(data);
    } else if (topic === `${base}/cmd/result` || topic === `${base}/input/result`) onResult(data);
  }

  function onResult(answer) {
    const p = answer && pending.get(answer.id);
    if (!p) return; // another floor tool's answer
    pending.delete(answer.id);
    clearTimeout(p.timer);
    if (!answer.ok) return say(W.errorSentence(answer.error, p.body), 'error');
    const wanted = W.CONFIRMS[p.name] || [];
    const started = performance.now();
    const finish = () => {
      const mine = view.events.filter((e) => e.seq > p.seq);
      if (wanted.some((t) => mine.some((e) => e.type === t)) || performance.now() - started > CONFIRM_MS) {
        // A step also announces the level now in force: give it a moment to arrive.
        say(W.doneSentence(p.name, p.body, mine, { ...p.extra, names: names(), now: tableNow() }), 'ok');
      } else setTimeout(finish, 50);
    };
    finish();
  }

  function names() {
    const out = {};
    for (const s of (view.state && view.state.seatInfo) || []) if (s.player) out[s.seat] = s.player;
    return out;
  }

  // ---- commands (and the amount pad's panel input, on <base>/input with the seq it was made in) ----
  const silent = (command, topic) => {
    const username = client && client.options.username;
    const seconds = ANSWER_MS / 1000;
    say(W.noAnswer({ who: 'table', command, seconds, status: view.status, username, topic }), 'error');
  };
  function send(name, body, extra, input) {
    if (!client || !client.connected)
      return say('Not connected to the table: wait for “live”, then try again.', 'error');
    const id = `floor-${Date.now().toString(36)}-${++counter}`;
    const timer = setTimeout(() => {
      if (!pending.delete(id)) return;
      silent(name, input ? `${base}/input` : `${base}/cmd/${name}`);
    }, ANSWER_MS);
    pending.set(id, { name, body, extra: extra || {}, seq: lastSeq, timer });
    say('Sending…', 'busy');
    const message = input ? { id, seq: lastSeq, ...body } : { id, ...body };
    client.publish(input ? `${base}/input` : `${base}/cmd/${name}`, JSON.stringify(message), { qos: 1 });
  }

  let clockCall = null;
  function callClock(seat) {
    const s = view.state;
    const on = s && s.onAction ? s.onAction.seat : null;
    if (!s || s.hand === null) return say('No hand is under way: the clock is called during a hand.', 'error');
    if (on === null) return say('Nobody is on action right now.', 'error');
    if (on !== seat)
      return say(`Seat ${seat} is not on action (seat ${on} is): the clock is called on the player to act.`, 'error');
    if (!client || !client.connected) return say('Not connected to the table.', 'error');
    // A clock call is an input (as from the dealer's clock button); the table answers on the event stream.
    const timer = setTimeout(() => {
      if (!clockCall) return;
      clockCall = null;
      silent('clock-request', `${base}/input`);
    }, ANSWER_MS);
    clockCall = { seq: lastSeq, timer };
    say('Sending…', 'busy');
    client.publish(`${base}/input`, JSON.stringify({ type: 'clock-request', by: 'floor' }), { qos: 1 });
  }

  function settleClockCall(event) {
    if (!clockCall || event.seq <= clockCall.seq) return;
    clearTimeout(clockCall.timer);
    clockCall = null;
    if (event.type === 'clock.called')
      say(W.doneSentence('clock', {}, [event], { names: names(), now: tableNow() }), 'ok');
    else say(W.errorSentence(event.reason, { seat: event.seat }), 'error');
  }

  // ---- drawing (floor-view.js) ----
  const renderStatus = () => FloorView.status(view, tableNow());
  const renderTime = () => FloorView.time(view, tableNow());
  const renderSeats = () => {
    FloorView.seats(view.state, selectedSeat, selectSeat);
    if (view.state) chips.render(view.state, selectedSeat);
  };
  function selectSeat(seat) {
    selectedSeat = seat;
    renderSeats();
  }

  function wire() {
    for (const b of document.querySelectorAll('button[data-cmd]')) {
      b.addEventListener('click', () => {
        const body = {};
        if (b.dataset.minutes) body.minutes = Number(b.dataset.minutes);
        if (b.dataset.step) body.step = Number(b.dataset.step);
        send(b.dataset.cmd, body);
      });
    }
    $('clock-call').addEventListener('click', () => callClock(selectedSeat));
    $('set-button').addEventListener('click', () => send('set-button', { seat: selectedSeat }));
    $('penalty').addEventListener('click', () => {
      const hands = Number($('penalty-hands').value);
      if (!Number.isInteger(hands) || hands < 1)
        return say('The penalty is a whole number of hands, 1 or more.', 'error');
      send('penalty', { seat: selectedSeat, hands });
    });
    $('seat-player').addEventListener('click', () => {
      const player = FloorView.typedName($('player-name').value);
      if (player === null) return;
      send('seat-player', { seat: selectedSeat, player });
      $('player-name').value = '';
    });
    $('remove-player').addEventListener('click', () => send('remove-player', { seat: selectedSeat }));
    $('logout').addEventListener('click', logOut);
    $('login').addEventListener('submit', (e) => {
      e.preventDefault();
      logIn($('username').value.trim(), $('password').value);
    });
  }

  wire();
  const chips = FloorChips.create({ send, say, names, sendBet: (body, extra) => send('bet', body, extra, true) });
  const structures = FloorStructures.create(send);
  fetch('config.json', { cache: 'no-store' })
    .then((r) => r.json())
    .then((c) => {
      config = c;
      base = c.base;
      time.set(c.time);
      $('table-name').textContent = c.tableId;
      document.title = `Floor — ${c.tableId}`;
      structures.render(c.structures || []);
      if (!c.mqtt.url && !c.mqtt.port && !c.mqtt.path) {
        $('login-error').textContent = 'This table has no MQTT WebSocket: set mqtt.embedded.wsPort in its config.';
        $('login-error').hidden = false;
        $('login-button').disabled = true;
        return;
      }
      const remembered = localStorage.getItem('floor-username');
      if (remembered) $('username').value = remembered;
      const saved = sessionStorage.getItem('floor-login');
      if (saved) {
        const { username, password } = JSON.parse(saved);
        logIn(username, password);
      }
      setInterval(renderTime, 250);
      setInterval(resync, 30000);
    })
    .catch((e) => {
      $('login-error').textContent = `Cannot load the table's settings: ${e.message}`;
      $('login-error').hidden = false;
    });
})();
