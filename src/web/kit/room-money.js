// The room's money on its pages (docs/room-money.md): the room board's money panel (prize pool, places paid, the
// bubble or the next pay jump, the prizes, the biggest bounties), the floor page's money card (cash taken, the pool,
// rebuys, add-ons and re-entries) and its sentences, and the bounties the table's board shows on its seats. All from
// the retained room/<id>/prizes; amounts arrive in cents and are written with integer arithmetic. Plain browser JS.
'use strict';

(function (root) {
  /** 123456 cents, "EUR" → "1,234.56 EUR"; integers only. */
  function amount(cents, currency) {
    if (typeof cents !== 'number') return '—';
    const abs = Math.abs(cents);
    const units = Math.floor(abs / 100).toLocaleString('en-US');
    const rest = String(abs % 100).padStart(2, '0');
    return `${cents < 0 ? '-' : ''}${units}.${rest}${currency ? ` ${currency}` : ''}`;
  }

  /** A whole amount when it has no cents: "1,500 EUR", else "1,500.50 EUR" (for big screen figures). */
  function short(cents, currency) {
    return cents % 100 === 0 ? `${(cents / 100).toLocaleString('en-US')} ${currency}` : amount(cents, currency);
  }

  function ordinal(n) {
    const teen = n % 100 >= 11 && n % 100 <= 13;
    return `${n}${teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] || 'th'}`;
  }

  /** The line under the pool: the bubble before the money, the next pay jump in it. */
  function bubbleText(p) {
    if (p.deal) return 'Deal made: the prizes are shared';
    if (p.playersLeft <= 1) return '';
    if (!p.moneyReached && p.bubble > 0)
      return p.bubble === 1
        ? 'Bubble: the next player out is the last unpaid'
        : `${p.bubble} players from the money (${p.placesPaid} paid)`;
    if (p.nextPayJump)
      return `Next pay jump in ${p.nextPayJump.players} out: ${short(p.nextPayJump.amount, p.currency)}`;
    return 'In the money';
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  const PRIZES_SHOWN = 9;
  const HEADS_SHOWN = 5;

  /** The room board's money panel, drawn into `box` (a section; hidden while the room keeps no money). */
  function renderBoard(box, p) {
    box.hidden = !p;
    if (!p) return;
    box.textContent = '';
    box.append(el('h2', null, 'Prize pool'));
    box.append(el('div', 'money-pool', short(p.pool, p.currency)));
    if (p.overlay > 0) box.append(el('div', 'money-note', `guaranteed · ${short(p.overlay, p.currency)} overlay`));
    const n = (k, one, many) => `${k} ${k === 1 ? one : many}`;
    const facts = [`${p.placesPaid} paid`, n(p.entries, 'entry', 'entries')];
    if (p.reEntries) facts.push(n(p.reEntries, 're-entry', 're-entries'));
    if (p.rebuys) facts.push(n(p.rebuys, 'rebuy', 'rebuys'));
    if (p.addOns) facts.push(n(p.addOns, 'add-on', 'add-ons'));
    box.append(el('div', 'money-facts', facts.join(' · ')));
    const bubble = bubbleText(p);
    if (bubble) box.append(el('div', `money-bubble${p.moneyReached ? ' in' : ''}`, bubble));
    const list = el('ol', 'money-prizes');
    // after a deal, what each player left agreed; before, what each place pays
    if (p.deal)
      for (const d of p.deal) {
        const li = el('li');
        li.append(el('span', 'who', d.player), el('span', 'amount', amount(d.amount, '')));
        list.append(li);
      }
    else
      for (const x of p.prizes.slice(0, PRIZES_SHOWN)) {
        const li = el('li');
        li.append(el('span', 'place', ordinal(x.place)), el('span', 'amount', amount(x.amount, '')));
        list.append(li);
      }
    if (!p.deal && p.prizes.length > PRIZES_SHOWN) list.append(el('li', 'more', `… to ${ordinal(p.prizes.length)}`));
    box.append(list);
    if (p.bounty) {
      const heads = [...p.heads].sort((a, b) => b.head - a.head).slice(0, HEADS_SHOWN);
      box.append(el('h2', null, p.bounty.progressive ? 'Bounties (progressive)' : 'Bounties'));
      const bl = el('ol', 'money-heads');
      for (const h of heads) {
        const li = el('li');
        li.append(el('span', 'who', h.player), el('span', 'amount', amount(h.head, '')));
        bl.append(li);
      }
      box.append(bl);
    }
  }

  /** The chips in play for the average stack, when the room knows them (rebuys and add-ons included). */
  function chipsInPlay(p) {
    return p && typeof p.chips === 'number' ? p.chips : null;
  }

  /** The floor page's money card: cash taken, the pool, what is open, the chop at a final table (with a button for
   * each chop: `enterDeal(shares)` sends it once the players agreed). */
  function renderFloor(box, p, enterDeal) {
    box.hidden = !p;
    if (!p) return;
    const c = p.collected;
    box.querySelector('#m-cash').textContent = amount(p.cashTaken, p.currency);
    box.querySelector('#m-detail').textContent =
      `pool ${amount(p.pool, p.currency)} · fees ${amount(c.fees, '')} · bounties ${amount(c.bounties, '')}` +
      ` · ${p.entries} entries, ${p.reEntries} re-entries, ${p.rebuys} rebuys, ${p.addOns} add-ons`;
    const open = Object.entries(p.open)
      .filter(([, yes]) => yes)
      .map(([k]) => ({ registration: 'registration', reEntry: 're-entry', rebuy: 'rebuys', addOn: 'add-on' })[k]);
    box.querySelector('#m-open').textContent = open.length
      ? `Open: ${open.join(', ')}`
      : 'Entries, rebuys and add-ons are closed';
    const chop = box.querySelector('#m-chop');
    chop.textContent = '';
    if (p.chop) {
      chop.append(el('div', 'hint', 'Deal at this table (ICM / even):'));
      for (const r of p.chop)
        chop.append(
          el('div', 'chop-line', `${r.player}: ${amount(r.icm, p.currency)} / ${amount(r.even, p.currency)}`),
        );
      for (const [kind, label] of [
        ['icm', 'Enter the ICM deal'],
        ['even', 'Enter the even deal'],
      ]) {
        const b = el('button', 'deal', label);
        b.dataset.deal = kind;
        b.addEventListener('click', () => enterDeal(p.chop.map((r) => ({ player: r.player, amount: r[kind] }))));
        chop.append(b);
      }
    }
  }

  /** The floor page's sentence for an accepted money command, with the prizes just before it. */
  function done(name, body, p) {
    const cur = p ? p.currency : '';
    if (name === 'rebuy') return `${body.player} rebought: the chips go to the table before the next hand`;
    if (name === 'add-on') return `${body.player} took the add-on: the chips go to the table before the next hand`;
    if (name === 'deal')
      return `Deal entered: ${body.shares.map((s) => `${s.player} ${amount(s.amount, cur)}`).join(', ')}`;
    return null;
  }

  /** player → the bounty on their head (cents), for the table's board. */
  function heads(p) {
    const out = new Map();
    if (p && p.bounty) for (const h of p.heads) out.set(h.player, { head: h.head, currency: p.currency });
    return out;
  }

  /** The floor page's players, a line each with one tap for a rebuy, an add-on or a re-entry, as the rules allow
   * (`send(name, body)` sends the room command; `W` is room-words.js). */
  function renderPlayers(list, p, s, W, send) {
    list.textContent = '';
    if (!p || !s) return;
    const playing = s.tables.flatMap((t) =>
      t.players.map((x) => ({ player: x.player, where: `${W.tableName(t.id)} seat ${x.seat}`, stack: x.stack })),
    );
    const inPlay = new Set(playing.map((x) => x.player));
    const out = [...new Set(s.places.map((x) => x.player))].filter((x) => !inPlay.has(x));
    const button = (text, name, player) => {
      const b = document.createElement('button');
      b.textContent = text;
      b.dataset.money = name;
      b.addEventListener('click', () => send(name, { player }));
      return b;
    };
    for (const x of playing) {
      const li = document.createElement('li');
      li.dataset.player = x.player;
      const who = document.createElement('span');
      who.className = 'who';
      who.textContent = `${x.player} · ${x.where}${typeof x.stack === 'number' ? ` · ${W.chips(x.stack)}` : ''}`;
      li.append(who);
      if (p.open.rebuy) li.append(button('Rebuy', 'rebuy', x.player));
      if (p.open.addOn) li.append(button('Add-on', 'add-on', x.player));
      list.append(li);
    }
    if (p.open.reEntry)
      for (const player of out) {
        const li = document.createElement('li');
        li.dataset.player = player;
        li.className = 'out';
        const who = document.createElement('span');
        who.className = 'who';
        who.textContent = `${player} · out`;
        li.append(who, button('Re-enter', 'register', player));
        list.append(li);
      }
  }

  root.RoomMoney = { amount, short, bubbleText, renderBoard, renderFloor, renderPlayers, chipsInPlay, done, heads };
})(typeof window !== 'undefined' ? window : globalThis);
