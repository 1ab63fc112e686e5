// The broadcast overlay (/broadcast): logs in to the table's broker with a production account (MQTT over WebSocket),
// reads the delayed feed <base>/secure/broadcast and the retained state (for the players' names), and draws the hand:
// players, hole cards, equity bars and outs, the board, the pot and the last action (broadcast-view.js).
// For a streaming program's browser source: `?transparent` clears the background; the login may come in the URL's
// fragment (`#user=production&password=…`, never sent to the server) so the source needs no typing.
/* global PageLink, BroadcastView */
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

  // The link is the page kit's (link.js): the production account must be granted the delayed feed.
  function logIn(username, password) {
    $('login-error').hidden = true;
    $('login-button').disabled = true;
    if (client) client.end(true);
    const topics = [`${base}/secure/broadcast`, `${base}/state`];
    const notAllowed = `The account “${username}” may not read the broadcast feed of this table (it has no production role).`;
    const options = { who: 'table', mustRead: `${base}/secure/broadcast`, notAllowed };
    client = PageLink.connect(config, { username, password }, topics, { state, message }, options);

    function state(now, text) {
      if (now === 'refused' || now === 'unreachable') return failLogin(text);
      if (now === 'reconnecting') return setConn('reconnecting', text);
      if (now !== 'live') return;
      localStorage.setItem('broadcast-login', JSON.stringify({ username, password }));
      $('login').hidden = true;
      $('overlay').hidden = false;
      setConn('live', '');
      $('login-button').disabled = false;
    }
  }

  function message(topic, text, msg) {
    if (msg === undefined) return; // not JSON
    if (topic === `${base}/state`) BroadcastView.names(model, msg);
    else if (msg && typeof msg.seq === 'number' && typeof msg.type === 'string') BroadcastView.apply(model, msg);
    redraw();
  }

  $('login').addEventListener('submit', (e) => {
    e.preventDefault();
    logIn($('username').value.trim(), $('password').value);
  });

  PageLink.loadConfig()
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
