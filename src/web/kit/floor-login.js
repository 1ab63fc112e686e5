// The floor pages' login, the table's floor page and the room's alike: the form, the desk shown while logged in, the
// account kept for this tab (sessionStorage: a reload logs in again) and the username for this device
// (localStorage), the badge (floor-view.js) and the words of a failed login. The link itself is link.js; the page
// says which topics and which account role it needs. Plain browser JS.
/* global PageLink, FloorView */
'use strict';

(function (root) {
  const $ = (id) => document.getElementById(id);

  /**
   * `key` names what is kept ('floor': `floor-login`, `floor-username`); `link(login)` gives the page's topics, its
   * message handler and the link's options (link.js) for an account; `onLive()` runs at each connection. Returns the
   * session: `client()` (the MQTT.js client, or null), `restore(config)` once config.json is in, `status(text,
   * offlineWords)` for the service's retained status.
   */
  function create(key, link, onLive) {
    let config = null;
    let client = null;

    function logIn(username, password) {
      $('login-error').hidden = true;
      $('login-button').disabled = true;
      if (client) client.end(true);
      const login = { username, password };
      const { topics, message, options } = link(login);
      client = PageLink.connect(
        config,
        login,
        topics,
        { state: (s, text) => onState(s, text, login), message },
        options,
      );
    }

    function onState(state, text, login) {
      // Before the first connection the login failed; after it the link reports only reconnections.
      if ((state === 'refused' || state === 'unreachable') && $('desk').hidden) return failLogin(text);
      if (state === 'connecting') return FloorView.conn('connecting', 'Logging in…');
      if (state !== 'live') return FloorView.conn(state === 'unreachable' ? 'offline' : 'reconnecting', text);
      sessionStorage.setItem(`${key}-login`, JSON.stringify(login));
      localStorage.setItem(`${key}-username`, login.username);
      $('login').hidden = true;
      $('desk').hidden = false;
      $('login-button').disabled = false;
      FloorView.conn('live', text);
      onLive();
    }

    function failLogin(text) {
      $('login-error').textContent = text;
      $('login-error').hidden = false;
      $('login-button').disabled = false;
      drop();
    }

    function logOut() {
      drop();
      $('password').value = '';
    }

    function drop() {
      sessionStorage.removeItem(`${key}-login`);
      if (client) client.end(true);
      client = null;
      $('desk').hidden = true;
      $('login').hidden = false;
      FloorView.conn('out', 'Logged out');
    }

    /** The name this device used last in the form; the account of this tab logged in again. */
    function restore(loaded) {
      config = loaded;
      const remembered = localStorage.getItem(`${key}-username`);
      if (remembered) $('username').value = remembered;
      const saved = sessionStorage.getItem(`${key}-login`);
      if (saved) {
        const { username, password } = JSON.parse(saved);
        logIn(username, password);
      }
    }

    /** The service's retained status (`offline` when it is down): the badge says so, or live again. */
    function status(text, offlineWords) {
      if (text === 'offline') FloorView.conn('offline', offlineWords);
      else if (client && client.connected) FloorView.conn('live', `${client.options.username} · live`);
    }

    $('logout').addEventListener('click', logOut);
    $('login').addEventListener('submit', (e) => {
      e.preventDefault();
      logIn($('username').value.trim(), $('password').value);
    });
    return { client: () => client, restore, status };
  }

  root.FloorLogin = { create };
})(typeof window !== 'undefined' ? window : globalThis);
