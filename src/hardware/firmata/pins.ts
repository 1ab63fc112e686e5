// Which pins a Firmata board has, and the pin map's mistakes: a pin with two roles, an analog input or a pin number
// the board does not have. Pure; used by the board adapter at start and by the table checks (start and doctor).
import type { FirmataBoardDefinition, PinName } from './definition.ts';

export interface PinProblem {
  /** JSON pointer into the definition file, e.g. `/seatSensors/0/pin`. */
  field: string;
  message: string;
}

interface BoardPins {
  label: string;
  /** Digital pin numbers 0 … digital-1 (the analog inputs usable as digital pins included). */
  digital: number;
  /** Analog inputs A0 … A(analog-1). */
  analog: number;
  /** The digital number of A0, so "A0" and 14 on an Uno are seen as one pin; null when they are separate. */
  firstAnalog: number | null;
}

// Boards whose numbering is known; an unknown or missing `board` is checked for pins used twice only.
const BOARDS: Readonly<Record<string, BoardPins>> = {
  uno: { label: 'an Arduino Uno', digital: 20, analog: 6, firstAnalog: 14 },
  nano: { label: 'an Arduino Nano', digital: 20, analog: 8, firstAnalog: 14 },
  'pro-mini': { label: 'an Arduino Pro Mini', digital: 20, analog: 8, firstAnalog: 14 },
  mega: { label: 'an Arduino Mega', digital: 70, analog: 16, firstAnalog: 54 },
  leonardo: { label: 'an Arduino Leonardo', digital: 30, analog: 12, firstAnalog: 18 },
  micro: { label: 'an Arduino Micro', digital: 30, analog: 12, firstAnalog: 18 },
};

export function boardPins(board: string | undefined): BoardPins | null {
  return BOARDS[(board ?? '').toLowerCase()] ?? null;
}

/** The pins a board has, in words, for a pin name that is not one: `an Arduino Uno ("board": "uno") has pins 0 to 19
 * and A0 to A5`; for an unknown board, how pins are written. */
export function pinRange(board: unknown): string {
  const known = typeof board === 'string' ? boardPins(board) : null;
  if (!known) return 'pins are written as numbers (2, 13) or "A0", "A1", … (set "board" to have them checked)';
  return `${known.label} ("board": "${String(board)}") has pins 0 to ${known.digital - 1} and A0 to A${known.analog - 1}`;
}

/** Every pin the definition uses, with the field that names it. */
export function pinUses(def: FirmataBoardDefinition): { pin: PinName; field: string; role: string }[] {
  const uses: { pin: PinName; field: string; role: string }[] = [];
  def.seatSensors?.forEach((s, i) =>
    uses.push({ pin: s.pin, field: `/seatSensors/${i}/pin`, role: `seat ${s.seat}'s sensor` }),
  );
  for (const [name, input] of Object.entries(def.panel ?? {}))
    if (input) uses.push({ pin: input.pin, field: `/panel/${name}/pin`, role: `the panel's ${name} button` });
  def.seatButtons?.forEach((b, i) =>
    uses.push({ pin: b.pin, field: `/seatButtons/${i}/pin`, role: `seat ${b.seat}'s ${b.button} button` }),
  );
  def.seatLeds?.forEach((l, i) =>
    uses.push({ pin: l.pin, field: `/seatLeds/${i}/pin`, role: `seat ${l.seat}'s ${l.role} LED` }),
  );
  if (def.keypad) uses.push({ pin: def.keypad.pin, field: '/keypad/pin', role: 'the amount keypad' });
  if (def.shotClock)
    for (const w of ['data', 'clock', 'cs'] as const)
      uses.push({ pin: def.shotClock[w], field: `/shotClock/${w}`, role: `the shot clock's ${w} line` });
  return uses;
}

/** The pin map's mistakes, one sentence each, in file order. */
export function pinProblems(def: FirmataBoardDefinition): PinProblem[] {
  const board = boardPins(def.board);
  const problems: PinProblem[] = [];
  const seen = new Map<string, { field: string; role: string }>();
  for (const use of pinUses(def)) {
    const analog = /^A(\d+)$/i.exec(String(use.pin));
    if (board && analog && Number(analog[1]) >= board.analog) {
      problems.push({
        field: use.field,
        message: `"${use.pin}" is not an analog input of ${board.label} ("board": "${def.board}"): it has A0 to A${board.analog - 1}`,
      });
      continue;
    }
    if (board && typeof use.pin === 'number' && use.pin >= board.digital) {
      problems.push({
        field: use.field,
        message: `${use.pin} is not a pin of ${board.label} ("board": "${def.board}"): its pins are 0 to ${board.digital - 1}${board.firstAnalog !== null ? ` (A0 is ${board.firstAnalog})` : ''}`,
      });
      continue;
    }
    const key =
      analog && board?.firstAnalog != null
        ? String(board.firstAnalog + Number(analog[1]))
        : String(use.pin).toUpperCase();
    const other = seen.get(key);
    if (other) {
      problems.push({
        field: use.field,
        message: `pin ${use.pin} is already ${other.role} (${other.field}): give ${use.role} a pin of its own`,
      });
      continue;
    }
    seen.set(key, use);
  }
  return problems;
}
