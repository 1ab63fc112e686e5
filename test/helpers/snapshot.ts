// Table snapshots for tests: a quiet table with overrides (outputs, fake runtimes and engines).
import type { SeatSnapshot, TableSnapshot } from '../../src/domain/snapshot/types.ts';

export function seatSnap(seat: number, over: Partial<SeatSnapshot> = {}): SeatSnapshot {
  return {
    seat,
    player: null,
    present: false,
    dealtIn: false,
    dead: false,
    folded: false,
    allIn: false,
    waiting: false,
    penaltyHands: 0,
    timeBanks: 0,
    ...over,
  };
}

export function tableSnap(over: Partial<TableSnapshot> = {}, seats = 3): TableSnapshot {
  return {
    at: 0,
    seq: 1,
    seats,
    profile: 'tda',
    game: 'holdem',
    betting: 'no-limit',
    seatInfo: Array.from({ length: seats }, (_, i) => seatSnap(i + 1)),
    button: null,
    smallBlindSeat: null,
    bigBlindSeat: null,
    smallBlind: null,
    bigBlind: null,
    hand: null,
    phase: 'idle',
    street: null,
    boardSize: 0,
    board: [],
    onAction: null,
    clockCall: null,
    clock: null,
    level: null,
    ...over,
  };
}
