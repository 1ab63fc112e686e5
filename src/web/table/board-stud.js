// The stud games on the board (R-STUD-BRING-IN, R-BET-LIMIT): who brings in, for how much, and who completes, from
// the public events of third street; the centre's line with it and "capped" (state `capped`). Each seat's up cards
// come in the state (seatInfo[].upCards, board-table.js). Plain browser JS, no DOM.
'use strict';

(function (root) {
  /** Nothing known: no stud hand, or a board that opened after its bring-in (the state does not carry it). */
  const none = () => ({ hand: null, seat: null, amount: null, posted: false, completedBy: null, to: null });

  /** The bring-in as the hand's events tell it so far: `b` before the event, the new value after. */
  function onEvent(b, e) {
    switch (e.type) {
      case 'hand.started':
        return { ...none(), hand: e.hand ?? null };
      case 'bring.in':
        return { ...b, seat: e.seat };
      case 'action':
        // The bring-in seat's call (or check) posts the bring-in; the round's first raise completes to the small bet.
        if (b.seat === null || b.completedBy !== null) return b;
        if (e.action === 'raise' || e.action === 'allin') return { ...b, completedBy: e.seat };
        return e.seat === b.seat ? { ...b, posted: true } : b;
      case 'bet.placed':
        // chips tracked: the amounts themselves
        if (e.action === 'bring-in') return { ...b, amount: e.amount, posted: true };
        return e.seat === b.completedBy && b.to === null ? { ...b, to: e.to } : b;
      default:
        return b;
    }
  }

  /** The centre's line: "Bring-in: seat 2 · Ed · 25", "Seat 3 · Cy completes to 100"; on third street only, when the
   * bring-in is known. `level`: the level in force (its bringIn and smallBet without chips tracked). */
  function bringInText(b, snapshot, level, money) {
    const s = snapshot;
    if (!s || b.seat === null || s.hand !== b.hand || s.street !== 'third') return '';
    const who = (seat) => {
      const info = s.seatInfo.find((x) => x.seat === seat);
      return `seat ${seat}${info && info.player ? ` · ${info.player}` : ''}`;
    };
    const amount = b.amount ?? (level && level.bringIn);
    const to = b.to ?? (level && level.smallBet);
    const posted = `Bring-in: ${who(b.seat)}${amount ? ` · ${money(amount)}` : ''}`;
    if (b.completedBy === null) return b.posted ? posted : `${posted} to act`;
    const completes = `${who(b.completedBy)} completes${to ? ` to ${money(to)}` : ''}`;
    const line = b.completedBy === b.seat ? completes : `${posted}; ${completes}`;
    return line.charAt(0).toUpperCase() + line.slice(1);
  }

  root.BoardStud = { none, onEvent, bringInText };
})(typeof window !== 'undefined' ? window : globalThis);
