// The floor page: logs in to the table's broker with a floor account (MQTT over WebSocket), shows the level clock and
// the seats, and sends floor commands on <base>/cmd/<name>, answered on <base>/cmd/result. Every answer is shown as a
// sentence (floor-words.js). The page grants nothing: the broker's ACL decides what the account may do.
/* global PageLink, FloorLogin, TableTime, FloorWords, FloorView, FloorStructures, FloorChips, FloorGame */
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const W = FloorWords;
  const ANSWER_MS = 5000; // no answer by then: say so (a table that is off gets no queued commands)
  const CONFIRM_MS = 1500; // how long to wait for the event that confirms an accepted command

  let config = null;
  let base = '';
  let counter = 0;
  let selectedSeat = null;
  let lastSeq = 0;
  const view = { state: null, clock: null, events: [], status: null };
  const pending = new Map(); // id -> { name, body, extra, seq, timer }
  const time = TableTime.create();
  const tableNow = time.now;
  const resync = time.resync;

  const say = (text, kind) => FloorView.say(text, kind);

  // ---- log in (floor-login.js, link.js) ----
  const session = FloorLogin.create(
    'floor',
    ({ username }) => ({
      topics: ['cmd/result', 'input/result', 'events', 'state', 'clock', 'status'].map((t) => `${base}/${t}`),
      message: onMessage,
      options: {
        who: 'table',
        mustRead: `${base}/cmd/result`,
        notAllowed: `The account “${username}” may not give floor commands at this table (it has no floor role).`,
      },
    }),
    () => void resync(),
  );
  const live = () => {
    const client = session.client();
    return client && client.connected ? client : null;
  };

  // ---- what the table says ----
  function onMessage(topic, text, data) {
    if (topic === `${base}/status`) {
      view.status = text;
      return session.status(text, 'Table offline');
    }
    if (data === undefined) return; // not JSON
    if (topic === `${base}/state`) {
      view.state = data;
      lastSeq = Math.max(lastSeq, data.seq || 0);
      renderSeats();
      renderStatus();
    } else if (topic === `${base}/clock`) {
      view.clock = data;
      game.prefill(data && data.level && typeof data.level === 'object' ? data.level : data);
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
    const username = session.client() && session.client().options.username;
    const seconds = ANSWER_MS / 1000;
    say(W.noAnswer({ who: 'table', command, seconds, status: view.status, username, topic }), 'error');
  };
  function send(name, body, extra, input) {
    const client = live();
    if (!client) return say('Not connected to the table: wait for “live”, then try again.', 'error');
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
    const client = live();
    if (!client) return say('Not connected to the table.', 'error');
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
  }

  wire();
  const chips = FloorChips.create({ send, say, names, sendBet: (body, extra) => send('bet', body, extra, true) });
  const structures = FloorStructures.create(send);
  const game = FloorGame.create(send, say);
  PageLink.loadConfig()
    .then((c) => {
      config = c;
      base = c.base;
      time.set(c.time);
      $('table-name').textContent = c.tableId;
      document.title = `Floor — ${c.tableId}`;
      structures.render(c.structures || []);
      game.render(c.games || [], c.bettings || []);
      if (!PageLink.brokerUrl(c)) {
        $('login-error').textContent = 'This table has no MQTT WebSocket: set mqtt.embedded.wsPort in its config.';
        $('login-error').hidden = false;
        $('login-button').disabled = true;
        return;
      }
      session.restore(c);
      setInterval(renderTime, 250);
      setInterval(resync, 30000);
    })
    .catch((e) => {
      $('login-error').textContent = `Cannot load the table's settings: ${e.message}`;
      $('login-error').hidden = false;
    });
})();
