// The table's time on a page (board and floor): the server tells its clock (virtual under --speed) and its speed, in
// config.json and at /time; the page counts on from there, so a tablet with a wrong clock still shows the right time
// left; and how a time left is written, the same on every page. Plain browser JS.
'use strict';

(function (root) {
  function create() {
    const sync = { now: 0, perf: 0, speed: 1 };
    return {
      now: () => sync.now + (performance.now() - sync.perf) * sync.speed,
      /** From config.json's `time`: `{now, speed}`. */
      set(time) {
        sync.now = time.now;
        sync.speed = time.speed;
        sync.perf = performance.now();
      },
      /** Asks /time again (every 30 s, and after a reconnect): the round trip's middle is the server's `now`. */
      async resync() {
        try {
          const before = performance.now();
          const response = await fetch('time', { cache: 'no-store' });
          if (!response.ok) throw new Error(`time: HTTP ${response.status}`);
          const t = await response.json();
          sync.now = t.now;
          sync.speed = t.speed;
          sync.perf = (before + performance.now()) / 2;
        } catch {
          // keep counting on the last sync; the connection badge tells the room if the server is gone
        }
      },
    };
  }

  /** A time left as the clocks show it: `04:59`, `1:05:00` from an hour on; never below `00:00`. */
  function clockText(ms) {
    const total = Math.max(0, Math.ceil(ms / 1000));
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = total % 60;
    const two = (x) => String(x).padStart(2, '0');
    return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
  }

  root.TableTime = { create, clockText };
})(typeof window !== 'undefined' ? window : globalThis);
