// The broadcast overlay's model and drawing (broadcast.js feeds it): a hand built from the feed's messages — the
// events in broadcast form and the `equity` messages (docs/broadcast.md) — and the DOM drawn from it. No MQTT here.
'use strict';

// eslint-disable-next-line no-unused-vars
const BroadcastView = (function () {
  const SUITS = { s: '♠', h: '♥', d: '♦', c: '♣' };
  const ACTIONS = {
    check: 'Check',
    call: 'Call',
    raise: 'Raise',
    bet: 'Bet',
    fold: 'Fold',
    allin: 'All in',
    'small-blind': 'Small blind',
    'big-blind': 'Big blind',
    ante: 'Ante',
  };
  const STREETS = { preflop: 'Pre-flop', flop: 'Flop', turn: 'Turn', river: 'River' };

  function emptyHand() {
    return {
      hand: null,
      street: null,
      seats: new Map(),
      board: [],
      pot: null,
      action: '',
      winners: [],
      rank: '',
      ended: false,
    };
  }

  /** The model: players' names and stacks across hands, the hand under way, de-duplicated by seq and type. */
  function create() {
    return { names: new Map(), stacks: new Map(), h: emptyHand(), seen: new Set() };
  }

  function seatOf(m, seat) {
    let s = m.h.seats.get(seat);
    if (!s) {
      s = { seat, cards: [], folded: false, action: '', equity: null };
      m.h.seats.set(seat, s);
    }
    return s;
  }

  /** The names from the table's retained state (public: a page that starts mid-session knows the players). */
  function names(m, state) {
    for (const info of (state && state.seatInfo) || []) {
      if (info.player) m.names.set(info.seat, info.player);
      else m.names.delete(info.seat);
    }
  }

  /** One message of the feed; false when it was a duplicate. */
  function apply(m, msg) {
    const key = `${msg.seq}:${msg.type}`;
    if (m.seen.has(key)) return false;
    m.seen.add(key);
    // a hand is some 100 messages: the last few hands' keys are plenty to drop the duplicates QoS 1 may bring
    if (m.seen.size > 4000) m.seen = new Set([...m.seen].slice(-2000));
    const h = m.h;
    switch (msg.type) {
      case 'player.seated':
      case 'player.moved':
        m.names.set(msg.seat, msg.player);
        if (typeof msg.chips === 'number') m.stacks.set(msg.seat, msg.chips);
        break;
      case 'player.removed':
        m.names.delete(msg.seat);
        break;
      case 'stack.set':
        m.stacks.set(msg.seat, msg.chips);
        break;
      case 'hand.started':
        m.h = emptyHand();
        m.h.hand = msg.hand;
        m.h.street = 'preflop';
        for (const seat of [...msg.dealtIn].sort((a, b) => a - b)) seatOf(m, seat);
        break;
      case 'card.dealt':
        if (msg.hand === h.hand && msg.to === 'seat' && msg.card) seatOf(m, msg.seat).cards.push(msg.card);
        break;
      case 'board':
        if (msg.hand === h.hand && !msg.provisional) {
          h.board = msg.cards.slice();
          h.street = msg.street;
        }
        break;
      case 'action':
        if (msg.hand !== h.hand) break;
        seatOf(m, msg.seat).action = ACTIONS[msg.action] || msg.action;
        if (msg.action === 'fold') seatOf(m, msg.seat).folded = true;
        h.action = `${m.names.get(msg.seat) || `Seat ${msg.seat}`}: ${ACTIONS[msg.action] || msg.action}`;
        break;
      case 'hand.dead':
        if (msg.hand === h.hand) seatOf(m, msg.seat).folded = true;
        break;
      case 'bet.placed':
        if (msg.hand !== h.hand) break;
        h.pot = (h.pot || 0) + msg.amount;
        m.stacks.set(msg.seat, msg.stack);
        seatOf(m, msg.seat).action = `${ACTIONS[msg.action] || msg.action} ${msg.amount.toLocaleString('en-US')}`;
        break;
      case 'bet.returned':
        if (msg.hand === h.hand) h.pot = (h.pot || 0) - msg.amount;
        break;
      case 'equity':
        if (msg.hand !== h.hand) break;
        for (const s of h.seats.values()) s.equity = null;
        for (const e of msg.seats) seatOf(m, e.seat).equity = e;
        break;
      case 'showdown':
        if (msg.hand !== h.hand) break;
        h.winners = msg.winners.slice();
        h.rank = msg.rank;
        h.action = `${msg.winners.map((s) => m.names.get(s) || `Seat ${s}`).join(' and ')} ${msg.winners.length > 1 ? 'split' : 'wins'}: ${msg.rank}`;
        break;
      case 'hand.ended':
        if (msg.hand !== h.hand) break;
        h.ended = true;
        if (msg.reason === 'fold' && msg.winners) {
          h.winners = msg.winners.slice();
          h.action = `${msg.winners.map((s) => m.names.get(s) || `Seat ${s}`).join(' and ')} wins: the others folded`;
        }
        break;
      default:
        break;
    }
    return true;
  }

  function cardEl(card) {
    const el = document.createElement('span');
    if (!card) {
      el.className = 'card back';
      return el;
    }
    const suit = card[1];
    el.className = `card suit-${suit}`;
    el.dataset.card = card;
    el.innerHTML = `<b>${card[0] === 'T' ? '10' : card[0]}</b><i>${SUITS[suit]}</i>`;
    return el;
  }

  const pct = (x) => `${(x * 100).toFixed(1)}%`;

  function playerEl(m, s) {
    const h = m.h;
    const el = document.createElement('div');
    el.className = 'player';
    el.dataset.seat = String(s.seat);
    if (s.folded) el.classList.add('folded');
    if (h.winners.includes(s.seat)) el.classList.add('winner');
    const cards = document.createElement('div');
    cards.className = 'hole';
    for (const c of s.cards) cards.appendChild(cardEl(c));
    const info = document.createElement('div');
    info.className = 'info';
    const stack = m.stacks.get(s.seat);
    const e = s.equity;
    info.innerHTML =
      `<div class="name"><span class="seat-no">${s.seat}</span><span class="who"></span>` +
      `<span class="stack">${stack === undefined ? '' : stack.toLocaleString('en-US')}</span></div>` +
      `<div class="bar" role="meter" aria-valuemin="0" aria-valuemax="100"><span class="win"></span><span class="tie"></span></div>` +
      `<div class="figures"><span class="pct"></span><span class="act"></span></div>` +
      `<div class="outs"></div>`;
    info.querySelector('.who').textContent = m.names.get(s.seat) || `Seat ${s.seat}`;
    info.querySelector('.act').textContent = s.folded ? 'Folded' : s.action;
    if (e && !s.folded) {
      info.querySelector('.win').style.width = pct(e.win);
      info.querySelector('.tie').style.width = pct(e.tie);
      info.querySelector('.bar').setAttribute('aria-valuenow', (e.share * 100).toFixed(1));
      info.querySelector('.pct').textContent = e.tie > 0 ? `${pct(e.win)} · tie ${pct(e.tie)}` : pct(e.win);
      if (e.outs.length > 0) {
        const outs = info.querySelector('.outs');
        outs.textContent = `${e.outs.length} out${e.outs.length === 1 ? '' : 's'}: `;
        for (const c of e.outs) outs.appendChild(cardEl(c));
      }
    }
    el.append(cards, info);
    return el;
  }

  /** Draws the model into the overlay's elements. */
  function draw(m, $) {
    const h = m.h;
    const players = $('players');
    players.replaceChildren(...[...h.seats.values()].sort((a, b) => a.seat - b.seat).map((s) => playerEl(m, s)));
    $('board').replaceChildren(...h.board.map(cardEl));
    $('hand-no').textContent = h.hand === null ? '' : ` · Hand ${h.hand}`;
    $('street').textContent =
      h.street && !h.ended ? ` · ${STREETS[h.street] || h.street}` : h.ended ? ' · Hand over' : '';
    // without chips tracked the table knows no amounts: no pot line rather than a wrong one
    $('pot').textContent = h.pot === null ? '' : h.pot.toLocaleString('en-US');
    $('pot').parentElement.hidden = h.pot === null;
    $('action').textContent = h.action;
  }

  return { create, apply, names, draw };
})();
