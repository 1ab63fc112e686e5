// The floor page's chips, shown only when the table tracks chips (the state has `stack` per seat): the chosen seat's
// stack with `set-stack` (a rebuy, an add-on or a correction, between hands), and the amount pad for the seat on
// action, which sends the dealer panel's `bet`/`raise` with `to` on <base>/input as a networked panel does (the floor
// role may publish `input`: docs/board.md). Plain browser JS; floor.js owns the connection.
/* global FloorWords */
'use strict';

(function (root) {
  const $ = (id) => document.getElementById(id);
  const W = FloorWords;

  /** The stack a set-stack gives: a rebuy or an add-on adds to the stack, a correction sets it. */
  function newStack(reason, current, amount) {
    return reason === 'correction' ? amount : (current || 0) + amount;
  }

  const tracked = (s) => Boolean(s && s.seatInfo.some((i) => i.stack !== undefined));
  const whole = (text) => (/^\d+$/.test(String(text).trim()) ? Number(text) : NaN);

  /**
   * @param {{send: (name: string, body: object, extra?: object) => void,
   *   sendBet: (body: object, extra: object) => void, say: (text: string, kind: string) => void,
   *   names: () => object}} io
   */
  function create(io) {
    let state = null;
    let seat = null;

    function stackSeat() {
      return seat && state ? state.seatInfo.find((i) => i.seat === seat) : null;
    }

    function preview() {
      const info = stackSeat();
      const amount = whole($('stack-amount').value);
      const reason = $('stack-reason').value;
      $('stack-preview').textContent =
        info && amount >= 1
          ? `Stack ${W.chips(info.stack)} → ${W.chips(newStack(reason, info.stack, amount))}`
          : reason === 'correction'
            ? 'The stack the player really has.'
            : 'The chips bought, added to the stack.';
    }

    /** Whether the seat on action faces a bet this round (then the panel's button is a raise). */
    const facing = () => state.street === 'preflop' || state.seatInfo.some((i) => (i.bet || 0) > 0);

    function renderPad() {
      const on = tracked(state) && state.onAction && state.phase === 'betting' ? state.onAction.seat : null;
      $('amount-card').hidden = on === null;
      if (on === null) return;
      const names = io.names();
      const who = names[on] ? `Seat ${on} (${names[on]})` : `Seat ${on}`;
      const parts = [`${who} to act`, `to call ${W.chips(state.toCall || 0)}`];
      parts.push(
        state.minRaiseTo ? `raise to ${W.chips(state.minRaiseTo)} at least` : 'may not raise (call, fold or all-in)',
      );
      $('amount-who').textContent = parts.join(' · ');
      $('amount-card').dataset.seat = String(on);
      const to = whole($('amount-to').value);
      const verb = facing() ? 'Raise to' : 'Bet';
      $('amount-send').textContent = to >= 1 ? `${verb} ${W.chips(to)}` : verb;
      $('amount-min').disabled = !state.minRaiseTo;
    }

    function render(s, selectedSeat) {
      state = s;
      seat = selectedSeat;
      const info = stackSeat();
      $('stack-box').hidden = !tracked(s) || !info || !info.player;
      if (!$('stack-box').hidden) {
        $('stack-now').textContent = `Stack ${W.chips(info.stack)}${s.hand !== null ? ' · set between hands' : ''}`;
        preview();
      }
      renderPad();
    }

    function setStack() {
      const info = stackSeat();
      if (!info) return;
      const amount = whole($('stack-amount').value);
      if (!(amount >= 1)) return io.say('Type the chips as a whole number, 1 or more.', 'error');
      const reason = $('stack-reason').value;
      const chips = newStack(reason, info.stack, amount);
      io.send('set-stack', { seat: info.seat, chips }, { reason, amount, names: io.names() });
      $('stack-amount').value = '';
    }

    function bet() {
      if (!state || !state.onAction) return io.say('Nobody is on action right now.', 'error');
      const to = whole($('amount-to').value);
      if (!(to >= 1)) return io.say('Type the total of the bet as a whole number, 1 or more.', 'error');
      const button = facing() ? 'raise' : 'bet';
      io.sendBet({ type: 'panel', button, to }, { seat: state.onAction.seat });
      $('amount-to').value = '';
      renderPad();
    }

    $('stack-amount').addEventListener('input', preview);
    $('stack-reason').addEventListener('change', preview);
    $('set-stack').addEventListener('click', setStack);
    $('amount-to').addEventListener('input', renderPad);
    $('amount-min').addEventListener('click', () => {
      if (state && state.minRaiseTo) $('amount-to').value = String(state.minRaiseTo);
      renderPad();
    });
    $('amount-send').addEventListener('click', bet);
    return { render };
  }

  root.FloorChips = { create, newStack };
})(typeof window !== 'undefined' ? window : globalThis);
