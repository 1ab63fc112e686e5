// Where the seats go on the board: round a stadium (the shape of a poker table) inside the table panel, seat 1 at the
// dealer's left and clockwise as seen from above, then shrunk until no seat overlaps another or leaves the panel
// (ten seats with long names and three badges still fit at 1280×800 and on a tablet standing upright).
'use strict';

(function (root) {
  /** How far from the centre the edge of a stadium (`w`×`h`, round at its short ends) lies in direction (dx, dy). */
  function edgeDistance(dx, dy, w, h) {
    // Work with the long axis along x.
    const [ux, uy, long, short] = w >= h ? [dx, dy, w, h] : [dy, dx, h, w];
    const r = short / 2;
    const a = (long - short) / 2;
    if (Math.abs(uy) > 1e-9) {
      const t = r / Math.abs(uy);
      if (Math.abs(t * ux) <= a) return t;
    }
    // A round end: the circle of radius r round (±a, 0).
    const cx = ux >= 0 ? a : -a;
    const b = ux * cx;
    return b + Math.sqrt(Math.max(0, b * b - cx * cx + r * r));
  }

  /** Centres of n seats evenly spaced (by length along the edge) round a stadium `w`×`h` centred at (cx, cy): seat 1
   * just left of the dealer at the bottom centre, then clockwise on screen. */
  function stadiumPoints(n, cx, cy, w, h) {
    const STEPS = 720;
    const pts = [];
    for (let k = 0; k <= STEPS; k++) {
      const a = Math.PI / 2 + (2 * Math.PI * k) / STEPS; // down, then clockwise on screen (towards the left)
      const d = edgeDistance(Math.cos(a), Math.sin(a), w, h);
      pts.push({ x: cx + d * Math.cos(a), y: cy + d * Math.sin(a) });
    }
    const along = [0];
    for (let k = 1; k <= STEPS; k++)
      along.push(along[k - 1] + Math.hypot(pts[k].x - pts[k - 1].x, pts[k].y - pts[k - 1].y));
    const total = along[STEPS];
    const out = [];
    let k = 1;
    for (let i = 1; i <= n; i++) {
      const want = (total * (i - 0.5)) / n;
      while (k < STEPS && along[k] < want) k++;
      const f = (want - along[k - 1]) / (along[k] - along[k - 1] || 1);
      out.push({ x: pts[k - 1].x + f * (pts[k].x - pts[k - 1].x), y: pts[k - 1].y + f * (pts[k].y - pts[k - 1].y) });
    }
    return out;
  }

  function overlaps(a, b) {
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  }

  /** The extent of an element's own content (its text and cards), not its block's. */
  function contentBox(el) {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getBoundingClientRect();
  }

  /** Places the seats of `container` (position: absolute children) inside `panel`, shrinking the font until they fit
   * and, when `keepClear` is given (the felt's centre: the board cards and the hand), leave its content uncovered. */
  function placeSeats(panel, container, keepClear) {
    const seats = [...container.children];
    const n = seats.length;
    if (n === 0 || panel.clientWidth === 0) return;
    const W = panel.clientWidth;
    const H = panel.clientHeight;
    const pad = Math.max(4, Math.min(W, H) * 0.015);
    let font = Math.min(H / 15, W / 38, 30);
    for (let attempt = 0; attempt < 14; attempt++) {
      container.style.fontSize = `${font}px`;
      let sw = 0;
      let sh = 0;
      for (const el of seats) {
        sw = Math.max(sw, el.offsetWidth);
        sh = Math.max(sh, el.offsetHeight);
      }
      const w = Math.max(0, W - 2 * pad - sw);
      const h = Math.max(0, H - 2 * pad - sh);
      const points = stadiumPoints(n, W / 2, H / 2, w, h);
      seats.forEach((el, k) => {
        const p = points[k];
        el.style.left = `${p.x - el.offsetWidth / 2}px`;
        el.style.top = `${p.y - el.offsetHeight / 2}px`;
      });
      const boxes = seats.map((el) => el.getBoundingClientRect());
      const frame = panel.getBoundingClientRect();
      const clear =
        boxes.every(
          (b) => b.left >= frame.left && b.top >= frame.top && b.right <= frame.right && b.bottom <= frame.bottom,
        ) &&
        boxes.every((b, i) => boxes.every((c, j) => j <= i || !overlaps(b, c))) &&
        (!keepClear || boxes.every((b) => !overlaps(b, contentBox(keepClear))));
      if (clear) return;
      font *= 0.9;
    }
  }

  root.SeatLayout = { placeSeats, stadiumPoints };
})(typeof window !== 'undefined' ? window : globalThis);
