// Events in, one record per finished hand out: the table's context folded from every event, a hand's events
// gathered from its `hand.started` to its `hand.ended`. The live publisher, the CLI and the tests all use this.
import type { GameName } from '../domain/games/index.ts';
import type { TableEvent } from '../domain/types.ts';
import { buildRecord, type HandStart, type RecordMeta } from './ohh-build.ts';
import type { OhhRecord } from './ohh-types.ts';
import { TableContext } from './table-context.ts';

export interface FolderOptions {
  tableId: string;
  tournament?: string | null;
  epoch?: string | null;
  /** The table's game when a hand's deal does not tell (`holdem` by default). */
  game?: GameName;
}

export class HistoryFolder {
  readonly context = new TableContext();
  private hand: TableEvent[] | null = null;
  private start: HandStart | null = null;
  private lastGame: GameName;
  private readonly meta: Omit<RecordMeta, 'defaultGame'>;

  constructor(options: FolderOptions) {
    this.meta = { tableId: options.tableId, tournament: options.tournament ?? null, epoch: options.epoch ?? null };
    this.lastGame = options.game ?? 'holdem';
  }

  /** Whether a hand is being gathered (its record comes at its `hand.ended`). */
  get inHand(): boolean {
    return this.hand !== null;
  }

  /** Feeds one event (in seq order); returns the record of the hand it ended, else null. A hand whose start was
   * never seen (a journal read from its middle) gives no record. `build` false: the hand is only followed (its
   * record was delivered before), which is all a restart needs for the hands before its cursor. */
  add(e: TableEvent, build = true): OhhRecord | null {
    let record: OhhRecord | null = null;
    if (!build) {
      this.hand = null;
      this.context.apply(e);
      return null;
    }
    if (e.type === 'hand.started') {
      const c = this.context;
      this.hand = [e];
      this.start = {
        tableSize: c.seats,
        names: new Map(c.names),
        stacks: new Map([...c.stacks].filter(([seat]) => e.dealtIn.includes(seat))),
        blinds: c.blindsOf(e.level),
      };
    } else if (this.hand) {
      this.hand.push(e);
      if (e.type === 'hand.ended') {
        record = buildRecord(this.hand, this.start!, { ...this.meta, defaultGame: this.lastGame });
        this.lastGame = record.ohh.pokertable.game as GameName;
        this.hand = null;
        this.start = null;
      }
    }
    this.context.apply(e);
    return record;
  }
}
