// The broadcast overlay (/broadcast): logs in to the table's broker with a production account (MQTT over WebSocket),
// reads the delayed feed <base>/secure/broadcast and the retained state (for the players' names), and draws the hand:
// players, hole cards, equity bars and outs, the board, the pot and the last action (broadcast-view.js).
// For a streaming program's browser source: `?transparent` clears the background; the login may come in the URL's
// fragment (`#user=production&password=…`, never sent to the server) so the source needs no typing.
/* global mqtt, BroadcastView */
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  if (params.has('transparent')) document.documentElement.classList.add('transparent');
  let config = null;
  let client = null;
  let base = '';
  const model = BroadcastView.create();
  let drawPending = false;
  const redraw = () => {
    if (drawPending) return;
    drawPending = true;
    requestAnimationFrame(() => {
      drawPending = false;
      BroadcastView.draw(model, $);
    });
  };

  function setConn(state, text) {
    $('conn').dataset.state = state;
    $('conn').textContent = text;
  }

  function failLogin(text) {
    $('login-error').textContent = text;
    $('login-error').hidden = false;
    $('login-button').disabled = false;
    $('login').hidden = false;
    $('overlay').hidden = true;
    localStorage.removeItem('broadcast-login');
    if (client) client.end(true);
    client = null;
  }

  function logIn(username, password) {
    const url =
      config.mqtt.url ||
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.hostname}:${config.mqtt.port}${config.mqtt.path || ''}`;
    $('login-error').hidden = true;
    $('login-button').disabled = true;
    let everConnected = false;
    const c = mqtt.connect(url, {
      protocolVersion: 4,
      username,
      password,
      clean: true,
      connectTimeout: 5000,
      reconnectPeriod: 0,
    });
    client = c;
    c.on('connect', () => {
      everConnected = true;
      c.options.reconnectPeriod = 1000;
      c.subscribe([`${base}/secure/broadcast`, `${base}/state`], { qos: 1 }, (err, granted) => {
        const refused = (granted || []).filter((g) => g.qos === 128).map((g) => g.topic);
        if (err || refused.includes(`${base}/secure/broadcast`)) {
          failLogin(
            `The account “${username}” may not read the broadcast feed of this table (it has no production role).`,
          );
          return;
        }
        localStorage.setItem('broadcast-login', JSON.stringify({ username, password }));
        $('login').hidden = true;
        $('overlay').hidden = false;
        setConn('live', '');
        $('login-button').disabled = false;
      });
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
    c.on('message', (topic, payload) => {
      let msg;
      try {
        msg = JSON.parse(payload.toString());
      } catch {
        return;
      }
      if (topic === `${base}/state`) BroadcastView.names(model, msg);
      else if (msg && typeof msg.seq === 'number' && typeof msg.type === 'string') BroadcastView.apply(model, msg);
      redraw();
    });
  }

  $('login').addEventListener('submit', (e) => {
    e.preventDefault();
    logIn($('username').value.trim(), $('password').value);
  });

  fetch('config.json', { cache: 'no-store' })
    .then((r) => r.json())
    .then((c) => {
      config = c;
      base = c.base;
      $('table-name').textContent = c.tableId;
      const hash = new URLSearchParams(location.hash.slice(1));
      const saved = JSON.parse(localStorage.getItem('broadcast-login') || 'null');
      if (hash.get('password')) logIn(hash.get('user') || 'production', hash.get('password'));
      else if (saved) logIn(saved.username, saved.password);
    })
    .catch(() => failLogin('The table does not answer (config.json).'));
})();
