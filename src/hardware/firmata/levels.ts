// Raw pin readings → logical input levels. Pure, so the analog dead band is tested without a board.
import type { RawInput } from '../../runtime/types.ts';
import type { DigitalInput, PanelButtonName, SeatSensor } from './definition.ts';

/** Whether a digital input is active (pressed, occupied) for a pin reading of 0 or 1. */
export function digitalActive(input: Pick<DigitalInput, 'pullup' | 'activeLow'>, reading: number): boolean {
  const activeLow = input.activeLow ?? input.pullup ?? false;
  return (reading !== 0) !== activeLow;
}

/** An analog seat sensor's level: outside the dead band the reading decides; inside it the level stays as it was
 * (vacant when nothing was known yet). */
export function analogOccupied(
  sensor: Extract<SeatSensor, { type: 'analog' }>,
  reading: number,
  previous: boolean | null,
): boolean {
  const half = (sensor.hysteresis ?? 20) / 2;
  const above = sensor.occupiedWhen !== 'below';
  if (reading > sensor.threshold + half) return above;
  if (reading < sensor.threshold - half) return !above;
  return previous ?? false;
}

/** What a press of each dealer-panel button means in the protocol. */
export function panelInput(button: PanelButtonName): RawInput {
  if (button === 'shuffle') return { type: 'shuffle' };
  if (button === 'clock') return { type: 'clock-request', by: 'dealer' };
  return { type: 'panel', button };
}

/** What a press of a seat's button means in the protocol. */
export function seatButtonInput(seat: number, button: 'timebank' | 'clock'): RawInput {
  return button === 'timebank' ? { type: 'timebank', seat } : { type: 'clock-request', by: 'seat', seat };
}
