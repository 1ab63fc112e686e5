// The pages' link to the broker, the table's pages and the room's alike: MQTT over WebSocket to the broker's own
// WebSocket listener (config.json's mqtt.url, or mqtt.port on the page's host) or to the pages' own passthrough
// (mqtt.path on the page's port: src/mqtt/broker-pipe.ts), logged in with the page's account. Reports its state in
// words a floor person can act on. A failed login is not retried (the person types again); after a first success,
// and from the start for a page without a login (the board), it reconnects every second. Plain browser JS; `mqtt` is
// MQTT.js's browser bundle.
/* global mqtt */
'use strict';

(function (root) {
  const RETRY_MS = 1000;

  /** Where config.json says the broker is; null when it names no way there. */
  function brokerUrl(config) {
    const m = config.mqtt || {};
    if (m.url) return m.url;
    if (!m.port && !m.path) return null;
    const where = m.port ? `${location.hostname}:${m.port}` : location.host;
    return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${where}${m.path || ''}`;
  }

  /**
   * Through the pages' own passthrough, how long this device must wait before its next login is looked at: a
   * locked-out address's WebSocket is answered 429, which a page cannot read, so it asks (src/web/serve.ts).
   */
  async function loginWait(config) {
    const m = config.mqtt || {};
    if (m.url || m.port || !m.path) return 0;
    try {
      const response = await fetch(m.path, { cache: 'no-store' });
      return response.ok ? Number((await response.json()).retryInS) || 0 : 0;
    } catch {
      return 0;
    }
  }

  function wrongLogin(err) {
    const code = err && err.code;
    return code === 4 || code === 5 || /bad user|not authori[sz]ed/i.test(String(err && err.message));
  }

  /**
   * Connects; `on.state(state, text)` with state 'connecting' | 'live' | 'reconnecting' | 'refused' | 'unreachable',
   * `on.message(topic, text, data)` (data: the payload parsed as JSON, undefined when it is not). `topics` are
   * subscribed at each connection. Options: `who` names the broker in the words ('table' or 'room'); `retry`:
   * reconnect before a first success too; `mustRead` and `notAllowed`: a topic the account must be granted, and the
   * words when it is not ('refused'). After 'refused' and 'unreachable' the client is ended; once it is ended (by the
   * page too), nothing more is reported. 'unreachable' through the pages' passthrough says how long to wait when
   * this device is locked out for wrong passwords. Returns the MQTT.js client.
   */
  function connect(config, login, topics, on, options = {}) {
    const who = options.who || 'room';
    let everConnected = false;
    const client = mqtt.connect(brokerUrl(config), {
      protocolVersion: 4, // the embedded broker speaks MQTT 3.1.1
      username: login.username || undefined,
      password: login.password || undefined,
      clean: true,
      connectTimeout: 5000,
      reconnectPeriod: options.retry ? RETRY_MS : 0,
    });
    // Ended, by the page or here: what its socket says after that is not news. (MQTT.js's own `disconnecting` turns
    // false again once a client that never connected has closed, so it cannot tell.)
    let ended = false;
    let endedByPage = false;
    const end = client.end.bind(client);
    client.end = (...args) => {
      ended = true;
      endedByPage = true;
      return end(...args);
    };
    const report = (state, text) => {
      if (!ended) on.state(state, text);
    };
    const fail = (state, text) => {
      report(state, text);
      client.end(true);
    };
    // The broker out of reach before a first success: said once it is known whether a lock-out is the reason.
    const unreachable = (text) => {
      if (ended) return;
      ended = true;
      end(true);
      void loginWait(config).then((s) => {
        if (!endedByPage)
          on.state('unreachable', s > 0 ? `Too many wrong passwords from here: try again in ${s} s.` : text);
      });
    };
    report('connecting', 'Connecting…');
    client.on('connect', () => {
      everConnected = true;
      client.options.reconnectPeriod = RETRY_MS;
      client.subscribe(topics, { qos: 1 }, (err, granted) => {
        const denied = (granted || []).some((g) => g.qos === 128 && g.topic === options.mustRead);
        if (denied || (err && options.notAllowed)) fail('refused', options.notAllowed);
        else if (err) report('unreachable', `The broker refused the subscription (${err.message}).`);
        else report('live', login.username ? `${login.username} · live` : 'Live');
      });
    });
    client.on('error', (err) => {
      if (everConnected || options.retry) return; // MQTT.js tries again; 'close' says so
      if (wrongLogin(err))
        fail('refused', login.username ? 'Wrong username or password.' : 'The broker wants an account.');
      else unreachable(`Cannot reach the ${who}'s broker (${(err && err.message) || 'no answer'}).`);
    });
    client.on('close', () => {
      if (everConnected || options.retry) report('reconnecting', 'Reconnecting…');
      else unreachable(`Cannot reach the ${who}'s broker.`);
    });
    client.on('message', (topic, payload) => {
      const text = payload.toString();
      let data;
      try {
        data = JSON.parse(text);
      } catch {
        // a plain-text payload (a retained status): the page reads the text
      }
      on.message(topic, text, data);
    });
    return client;
  }

  async function loadConfig() {
    const response = await fetch('config.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
    return response.json();
  }

  root.PageLink = { connect, brokerUrl, loadConfig };
})(typeof window !== 'undefined' ? window : globalThis);
