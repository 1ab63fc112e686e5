// The records of a run of events as the text `npm run history` writes: `.ohh` (one JSON object per hand, hands
// separated by a blank line) or PokerStars text (hands separated by a blank line). Pure: events in, text out.
import type { TableEvent } from '../domain/types.ts';
import { HistoryFolder, type FolderOptions } from './folder.ts';
import type { OhhRecord } from './ohh-types.ts';
import { pokerStarsRefusal, pokerStarsText } from './pokerstars.ts';
import { publicForm } from './public-form.ts';

export interface ExportOptions extends FolderOptions {
  from: number | null;
  to: number | null;
  format: 'ohh' | 'pokerstars';
  public: boolean;
}

export type Exported = { text: string } | { skipped: string };

export class HistoryExport {
  private readonly folder: HistoryFolder;

  constructor(private readonly o: ExportOptions) {
    this.folder = new HistoryFolder(o);
  }

  /** One event; the text of the hand it ended (or why that hand has none in the format), else null. */
  add(e: TableEvent): Exported | null {
    const secure = this.folder.add(e);
    if (!secure || !this.wanted(secure)) return null;
    const record = this.o.public ? publicForm(secure) : secure;
    if (this.o.format === 'ohh') return { text: JSON.stringify(record) + '\n\n' };
    const text = pokerStarsText(record);
    if (text !== null) return { text: text + '\n' };
    return { skipped: `hand ${record.ohh.pokertable.hand}: no PokerStars text (${pokerStarsRefusal(record)})` };
  }

  private wanted(record: OhhRecord): boolean {
    const hand = record.ohh.pokertable.hand;
    return (this.o.from === null || hand >= this.o.from) && (this.o.to === null || hand <= this.o.to);
  }
}
