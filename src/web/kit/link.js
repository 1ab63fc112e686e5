// The pages' link to the broker: MQTT over WebSocket (to /mqtt on the pages' own port, or to the broker's own
// WebSocket listener when config.json names one), logged in with the page's account. Reports its state in words a
// floor person can act on; after a first success it reconnects on its own. Plain browser JS; `mqtt` is MQTT.js.
/* global mqtt */
'use strict';

(function (root) {
  function brokerUrl(config) {
    if (config.mqtt.url) return config.mqtt.url;
    return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${config.mqtt.path}`;
  }

  /**
   * Connects; `on.state(state, text)` with state 'connecting' | 'live' | 'reconnecting' | 'refused' | 'unreachable',
   * `on.message(topic, text)`. `topics` are subscribed at each connection. Returns the MQTT.js client.
   */
  function connect(config, login, topics, on) {
    let everConnected = false;
    on.state('connecting', 'Connecting…');
    const client = mqtt.connect(brokerUrl(config), {
      protocolVersion: 4,
      username: login.username || undefined,
      password: login.password || undefined,
      clean: true,
      connectTimeout: 5000,
      reconnectPeriod: 0, // a refused login is not retried; after the first success, reconnect every second
    });
    client.on('connect', () => {
      everConnected = true;
      client.options.reconnectPeriod = 1000;
      client.subscribe(topics, { qos: 1 }, (err) => {
        if (err) on.state('unreachable', `The broker refused the subscription (${err.message}).`);
        else on.state('live', login.username ? `${login.username} · live` : 'Live');
      });
    });
    client.on('error', (err) => {
      if (everConnected) return;
      const code = err && err.code;
      const refused = code === 4 || code === 5 || /bad user|not authori[sz]ed/i.test(String(err && err.message));
      client.end(true);
      if (refused) on.state('refused', login.username ? 'Wrong username or password.' : 'The broker wants an account.');
      else on.state('unreachable', `Cannot reach the room's broker (${(err && err.message) || 'no answer'}).`);
    });
    client.on('close', () => {
      if (!everConnected) {
        if (!client.disconnecting) on.state('unreachable', "Cannot reach the room's broker.");
        return;
      }
      on.state('reconnecting', 'Reconnecting…');
    });
    client.on('message', (topic, payload) => on.message(topic, payload.toString()));
    return client;
  }

  async function loadConfig() {
    const response = await fetch('config.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
    return response.json();
  }

  root.RoomLink = { connect, brokerUrl, loadConfig };
})(typeof window !== 'undefined' ? window : globalThis);
