// The board's link and health: the connection badge and overlay (the board's own link to the broker, or the table's
// controller gone) and the banner of a degraded table. Plain browser JS; board.js owns the connection.
'use strict';

(function (root) {
  const $ = (id) => document.getElementById(id);

  const TEXT = {
    live: 'Live',
    connecting: 'Connecting…',
    reconnecting: 'Reconnecting…',
    offline: 'Table offline',
  };
  // The board's own link (to the broker) and the table's (its controller) fail differently and are fixed by
  // different people: say which one it is.
  const DETAIL = {
    connecting: 'Connecting to the table’s broker…',
    reconnecting: 'Lost the broker: reconnecting every second. The numbers below may be stale.',
    offline: 'The table’s controller is not running. Shown: the last state it sent.',
  };

  /** `conn`: the board's link ('live', 'connecting', 'reconnecting'); `tableStatus`: retained <base>/status. */
  function renderConn(conn, tableStatus) {
    const badge = $('conn');
    let state = conn;
    if (state === 'live' && tableStatus === 'offline') state = 'offline';
    badge.className = `conn ${state}`;
    badge.dataset.state = state;
    badge.textContent = TEXT[state];
    const overlay = $('overlay');
    overlay.hidden = state === 'live';
    overlay.className = state;
    overlay.dataset.state = state;
    $('overlay-text').textContent = state === 'offline' ? 'TABLE OFFLINE' : TEXT[state];
    $('overlay-detail').textContent = DETAIL[state] || '';
  }

  // A degraded table (its journal cannot be written, …) plays on only in appearance: the room must see it.
  function renderHealth(h) {
    const banner = $('health');
    const degraded = h && h.state === 'degraded' && Array.isArray(h.reasons);
    banner.hidden = !degraded;
    if (!degraded) return;
    const since = new Date(h.since).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    const why = h.reasons.map((r) => `${r.component}: ${r.detail}`).join(' · ');
    banner.textContent = `Table degraded since ${since}: ${why}. Call the floor.`;
  }

  root.BoardStatus = { renderConn, renderHealth };
})(typeof window !== 'undefined' ? window : globalThis);
