// Optional reader-bounce filter (pcsc-shoe `repeatReadMs`; null or 0 is off). Off by default: the engine de-bounces per
// R-DECK-INTEGRITY and, unlike the shoe, knows whether any other input came between two reads of one tag. When a
// definition turns it on, a read is dropped if it is the same tag as the shoe's previous read (dropped or not, so a
// chattering reader stays one read) and comes within the window of it.
export type RepeatFilter = (uid: string, at: number) => boolean;

export function createRepeatFilter(windowMs: number | null): RepeatFilter {
  let last: { uid: string; at: number } | null = null;
  return (uid, at) => {
    const bounce = windowMs !== null && windowMs > 0 && last !== null && last.uid === uid && at - last.at <= windowMs;
    last = { uid, at };
    return !bounce;
  };
}
