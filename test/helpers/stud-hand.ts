// Hand-written stud hands as the contract gives their events (protocol.md; rules.md R-STUD-DEAL, R-STUD-BRING-IN,
// R-STUD-ORDER): the table's set-up and level, `hand.started` with no button or blinds, the antes, `card.dealt` with
// `street` third … seventh and `up: true` for an up card (`to: "common"` for the common card), `bring.in`, `action.on`,
// `action` then its `bet.placed` (`bring-in`, `bet` for the completion or a bet, `raise`, `call`), `pots` after each
// round, the `showdown` (hi-lo: `lowWinners`, `lowRank`), `pot.awarded` (shares with `half`), `hand.ended`. A test
// writes the hand move by move; the builder keeps the stacks, the seq and the chips each seat has in the round.
import type { Card, Seat, TableEvent } from '../../src/domain/types.ts';

export interface StudTable {
  game: 'stud' | 'stud-hilo' | 'razz';
  seats: { seat: Seat; name: string; chips: number }[];
  ante: number;
  bringIn: number;
  smallBet: number;
  bigBet: number;
  /** Chips tracked (default): `bet.placed` for every move; false: the `action` events alone. */
  chips?: boolean;
}

type Body = Record<string, unknown> & { type: string };
type Move = 'bring-in' | 'complete' | 'bet' | 'raise' | 'call' | 'check' | 'fold';

export class StudHand {
  readonly events: TableEvent[] = [];
  private seq = 0;
  private at = Date.UTC(2026, 11, 3, 12, 0, 0);
  private position = 0;
  private readonly stacks = new Map<Seat, number>();
  private inRound = new Map<Seat, number>();
  private street = 'third';
  private readonly chips: boolean;

  constructor(private readonly t: StudTable) {
    this.chips = t.chips !== false;
    this.emit({ type: 'table.ready', seats: 8, profile: 'tda' }, false);
    for (const s of t.seats) {
      this.stacks.set(s.seat, s.chips);
      this.emit(
        { type: 'player.seated', seat: s.seat, player: s.name, ...(this.chips ? { chips: s.chips } : {}) },
        false,
      );
    }
    this.emit(
      {
        type: 'level.changed',
        level: 1,
        smallBlind: null,
        bigBlind: null,
        ante: t.ante,
        game: t.game,
        betting: 'limit',
        smallBet: t.smallBet,
        bigBet: t.bigBet,
        bringIn: t.bringIn,
        appliesToHand: 1,
      },
      false,
    );
    const dealtIn = t.seats.map((s) => s.seat);
    this.emit({
      type: 'hand.started',
      button: null,
      smallBlind: null,
      bigBlind: null,
      dealtIn,
      level: 1,
      game: t.game,
      betting: 'limit',
    });
    if (this.chips) for (const seat of dealtIn) this.put(seat, 'ante', t.ante, null);
  }

  private emit(body: Body, inHand = true): void {
    this.at += 1000;
    this.events.push({
      ...body,
      seq: ++this.seq,
      at: this.at,
      ...(inHand ? { hand: 1 } : {}),
    } as unknown as TableEvent);
  }

  private put(seat: Seat, action: string, amount: number, to: number | null): void {
    const stack = this.stacks.get(seat)! - amount;
    this.stacks.set(seat, stack);
    this.emit({ type: 'bet.placed', seat, action, amount, to, stack, allIn: stack === 0, short: false });
  }

  /** One pass of the deal, in the order given: "1:As 2:7d" (seat:card), `up` for an up card. */
  deal(street: string, pass: string | [Seat, Card][], up: boolean): this {
    if (street !== this.street) this.nextStreet(street);
    const cards = typeof pass === 'string' ? pass.split(' ').map((x) => x.split(':') as [string, Card]) : pass;
    for (const [seat, card] of cards) {
      this.emit({
        type: 'card.dealt',
        card,
        to: 'seat',
        seat: Number(seat),
        street,
        position: ++this.position,
        ...(up ? { up: true } : {}),
      });
    }
    return this;
  }

  burn(street: string, card: Card): this {
    this.nextStreet(street);
    this.emit({ type: 'card.dealt', card, to: 'burn', street, position: ++this.position });
    return this;
  }

  common(card: Card): this {
    this.nextStreet('seventh');
    this.emit({ type: 'card.dealt', card, to: 'common', street: 'seventh', position: ++this.position });
    return this;
  }

  private nextStreet(street: string): void {
    if (street === this.street) return;
    const inPot = [...this.stacks.keys()];
    this.emit({ type: 'pots', street: this.street, pots: [{ amount: 0, seats: inPot }] });
    this.street = street;
    this.inRound = new Map();
  }

  bringIn(seat: Seat, card: Card): this {
    this.emit({ type: 'bring.in', seat, card });
    return this;
  }

  /** The seat's move: `action.on`, its `action`, and (chips tracked) its `bet.placed` up to the round's total `to`. */
  act(seat: Seat, move: Move, to = 0): this {
    this.emit({ type: 'action.on', seat, street: this.street, deadline: null });
    const kind = move === 'bring-in' ? 'call' : move === 'complete' || move === 'bet' ? 'raise' : move;
    this.emit({ type: 'action', seat, action: kind, by: 'panel' });
    if (!this.chips || move === 'check' || move === 'fold') return this;
    const amount = to - (this.inRound.get(seat) ?? 0);
    this.inRound.set(seat, to);
    const placed = move === 'complete' ? 'bet' : move;
    this.put(seat, placed, amount, to);
    return this;
  }

  showdown(order: Seat[], winners: Seat[], rank: string, low?: { winners: Seat[]; rank: string | null }): this {
    this.emit({
      type: 'showdown',
      order,
      winners,
      rank,
      ...(low ? { lowWinners: low.winners, lowRank: low.rank } : {}),
    });
    return this;
  }

  /** One pot: its amount, its seats and each share (with its half in the hi-lo games). */
  award(amount: number, seats: Seat[], shares: { seat: Seat; amount: number; half?: string }[]): this {
    if (this.chips) {
      const winners = [...new Set(shares.map((s) => s.seat))];
      this.emit({ type: 'pot.awarded', pots: [{ amount, seats, winners, shares, oddChips: [] }] });
    }
    return this;
  }

  returned(seat: Seat, amount: number, reason: string): this {
    this.stacks.set(seat, this.stacks.get(seat)! + amount);
    this.emit({ type: 'bet.returned', seat, amount, reason });
    return this;
  }

  /** R-ROUND-END: every live hand all in, the cards face up. */
  exposed(seats: Seat[]): this {
    this.emit({ type: 'hands.exposed', seats });
    return this;
  }

  misdeal(reason: string): this {
    this.emit({ type: 'misdeal', reason });
    return this;
  }

  end(reason: 'showdown' | 'fold' | 'misdeal', winners?: Seat[]): TableEvent[] {
    this.emit({ type: 'hand.ended', reason, ...(winners ? { winners } : {}) });
    return this.events;
  }
}
