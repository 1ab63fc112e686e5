// The wired panel's amount: keypad keys → the `to` of the next raise (bet) press. Pure, so the entry rules are tested
// without a board. An amount is entered for the seat on action when `enter` is pressed and is only used while that
// seat is still on action: a total typed for one player never becomes another player's bet.
import type { RawInput } from '../../runtime/types.ts';

/** The VKey's face in johnny-five's key order (key 1 first): `*` clears, `#` enters. */
export const VKEY_KEYS: readonly string[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'enter'];

/** The largest `to` the contract takes (schemas/input.schema.json). */
const MAX_TO = 1_000_000_000;

export interface AmountEntry {
  /** Digits typed since the last enter or clear. */
  typed: string;
  /** The amount entered, and the seat that was on action when it was. */
  armed: { to: number; seat: number | null } | null;
}

export const NO_AMOUNT: AmountEntry = { typed: '', armed: null };

/** The entry after a key: a digit is typed, `enter` arms what was typed (a whole number from 1), `clear` forgets
 * everything. An unknown key changes nothing. */
export function pressKey(entry: AmountEntry, key: string, seatOnAction: number | null): AmountEntry {
  if (/^[0-9]$/.test(key)) {
    const typed = (entry.typed + key).replace(/^0+/, '');
    return typed.length > String(MAX_TO).length ? entry : { ...entry, typed };
  }
  if (key === 'clear') return NO_AMOUNT;
  if (key === 'enter') {
    const to = Number(entry.typed);
    if (entry.typed === '' || to < 1 || to > MAX_TO) return { ...entry, typed: '' };
    return { typed: '', armed: { to, seat: seatOnAction } };
  }
  return entry;
}

/** The input of a raise press with the entry as it stands, and the entry after it (always empty: an amount serves
 * one press). `dropped` is an amount left unused because the turn moved on since it was entered. */
export function raisePress(
  entry: AmountEntry,
  seatOnAction: number | null,
): { input: RawInput; entry: AmountEntry; dropped: number | null } {
  const armed = entry.armed;
  if (armed && armed.seat === seatOnAction)
    return { input: { type: 'panel', button: 'raise', to: armed.to }, entry: NO_AMOUNT, dropped: null };
  return { input: { type: 'panel', button: 'raise' }, entry: NO_AMOUNT, dropped: armed ? armed.to : null };
}
