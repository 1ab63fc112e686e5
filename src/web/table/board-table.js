// The board's table view: the seats round the felt (names, badges, who is on action), the public cards and the hand's
// phase. Plain browser JS; board.js owns the connection and the view. Seat placement is seat-layout.js.
/* global SeatLayout */
'use strict';

(function (root) {
  const $ = (id) => document.getElementById(id);

  /** `bounties`: player → {head, currency} from the room's prizes (a room that keeps money), or nothing; `plays`: the
   * last `hand.started`'s {hand, game, betting}, or null. */
  function renderTable(snapshot, bounties, plays) {
    const s = snapshot;
    const seats = $('seats');
    if (seats.childElementCount !== s.seats) {
      seats.textContent = '';
      for (let i = 1; i <= s.seats; i++) {
        const el = document.createElement('div');
        el.className = 'seat';
        el.dataset.seat = String(i);
        el.innerHTML =
          '<div class="num"></div><div class="name"></div><div class="up"></div><div class="chips"></div>' +
          '<div class="badges"></div>';
        seats.appendChild(el);
      }
    }
    for (const info of s.seatInfo) {
      const el = seats.querySelector(`.seat[data-seat="${info.seat}"]`);
      if (!el) continue;
      const onAction = s.onAction && s.onAction.seat === info.seat;
      el.className = 'seat';
      if (!info.player) el.classList.add('empty');
      if (info.player && !info.present) el.classList.add('absent');
      if (info.folded) el.classList.add('folded');
      if (onAction) el.classList.add('on-action');
      el.querySelector('.num').textContent = String(info.seat);
      const name = el.querySelector('.name');
      name.textContent = info.player || (info.present ? 'occupied' : 'empty');
      // A long name gets a smaller font, and its full text as a tooltip when it is still cut.
      name.classList.toggle('long', (info.player || '').length > 12);
      name.classList.toggle('very-long', (info.player || '').length > 18);
      el.title = info.player ? `Seat ${info.seat}: ${info.player}` : `Seat ${info.seat}`;
      // R-STUD-DEAL: a stud seat's up cards (public; its down cards never reach the board)
      renderCards(el.querySelector('.up'), Array.isArray(info.upCards) ? info.upCards : []);
      // chips tracked only: the stack behind and this round's bet
      const chips = el.querySelector('.chips');
      if (chips) chips.textContent = chipsText(info);
      const badges = [];
      if (s.button === info.seat) badges.push(['button', 'D']);
      if (s.smallBlind === info.seat) badges.push(['sb', 'SB']);
      if (s.bigBlind === info.seat) badges.push(['bb', 'BB']);
      if (info.dead) badges.push(['dead', 'DEAD']);
      if (info.player && !info.present) badges.push(['away', 'AWAY']);
      if (info.allIn) badges.push(['allin', 'ALL-IN']);
      if (info.penaltyHands > 0) badges.push(['penalty', `PEN ${info.penaltyHands}`]);
      const bounty = info.player && bounties && bounties.get(info.player);
      if (bounty) badges.push(['bounty', `★ ${root.RoomMoney.amount(bounty.head, '')}`]);
      el.querySelector('.badges').innerHTML = badges
        .map(([cls, text]) => `<span class="badge ${cls}">${text}</span>`)
        .join('');
    }
    renderBoardCards(s.board || []);
    const phase = $('phase');
    phase.textContent =
      s.hand === null
        ? 'Waiting for the shuffle'
        : `Hand ${s.hand} · ${s.phase === 'betting' && s.street ? s.street : s.phase}`;
    const money = moneyText(s);
    $('money').hidden = !money.pots;
    $('money').querySelector('.pots').textContent = money.pots;
    $('money').querySelector('.to-call').textContent = money.toCall;
    document.body.classList.toggle('chips', s.pots !== undefined);
    document.body.classList.toggle(
      'stud',
      s.seatInfo.some((i) => Array.isArray(i.upCards) && i.upCards.length > 0),
    );
    $('capped').hidden = s.capped !== true;
    showNotes();
    renderInfo(s, plays);
    // Names, badges, the centre and the money strip change the room the seats have: place them again (cheap: a few
    // seats, on state changes only).
    layoutSeats();
  }

  /** The info strip: the game, with its betting structure ("Pot-Limit Omaha"): the hand's (R-GAME-MIXED: a level
   * that starts during a hand applies from the next), else the level's when it names one, else the table's. */
  function renderInfo(s, plays) {
    const game = $('table-info').querySelector('[data-item="game"]');
    const l = s.level && !s.level.isBreak && s.level.game ? s.level : null;
    const now = plays && s.hand !== null && plays.hand === s.hand && plays.game ? plays : l;
    game.textContent = now ? root.GameWords.gameName(now.game, now.betting) : root.GameWords.gameTitle(s);
    game.hidden = game.textContent === '';
  }

  /** The centre's stud line (board-stud.js): who brings in, who completes; empty hides it. */
  function renderBringIn(text) {
    const el = $('bring-in');
    el.textContent = text;
    el.hidden = text === '';
    showNotes();
  }

  function showNotes() {
    $('round-notes').hidden = $('bring-in').hidden && $('capped').hidden;
  }

  const money = (n) => root.BoardClocks.money(n);

  /** A seat's chips with chips tracked (the state has `stack` then), else nothing. */
  function chipsText(info) {
    if (info.stack === undefined || !info.player) return '';
    const stack = info.stack === null ? '?' : money(info.stack);
    return info.bet ? `${stack}\nbet ${money(info.bet)}` : stack;
  }

  /** The pots and the amount to call, with chips tracked: the money strip above the table (in the felt's centre
   * it hid behind the bottom seats at 1920x1080). */
  function moneyText(s) {
    if (!s.pots) return { pots: '', toCall: '' };
    const pots = s.pots.map((p, i) => `${i === 0 ? 'pot' : `side ${i}`} ${money(p.amount)}`);
    return { pots: pots.join(' · ') || 'pot 0', toCall: s.toCall ? `to call ${money(s.toCall)}` : '' };
  }

  function layoutSeats() {
    SeatLayout.placeSeats($('ring'), $('seats'), $('center'));
  }

  /** The public cards on the table (flop, turn, river): from `state.board` and the `board` events, never a hole or
   * burn card (those are null on the public topics anyway). */
  function renderBoardCards(cards) {
    renderCards($('board-cards'), cards);
  }

  /** Cards face up in `box`, each checked to be a card's name (a public topic's null is none). */
  function renderCards(box, cards) {
    const board = box;
    board.textContent = '';
    for (const c of cards) {
      if (typeof c !== 'string' || !/^[2-9TJQKA][shdc]$/.test(c)) continue;
      const span = document.createElement('span');
      span.className = `card${/[hd]$/.test(c) ? ' red' : ''}`;
      span.textContent = cardText(c);
      board.appendChild(span);
    }
  }

  function cardText(c) {
    const suits = { s: '♠', h: '♥', d: '♦', c: '♣' };
    const rank = c[0] === 'T' ? '10' : c[0];
    return `${rank}${suits[c[1]] || c[1]}`;
  }

  root.BoardTable = { renderTable, renderBoardCards, renderBringIn, layoutSeats };
})(typeof window !== 'undefined' ? window : globalThis);
