// Types for the parts of `handranker` (devDependency: an independent evaluator of the low games, used by
// test/domain/evaluator-low.test.ts) that we call. Cards are strings like "As"; hands are ranked best first, ties grouped;
// a hi-lo game gives `{ high, low }`, `low` false when no hand qualifies (eight or better).
declare module 'handranker' {
  export interface RankedHand {
    id: number;
    description: string;
  }
  export type Ranking = RankedHand[][];
  export interface Hand {
    id: number;
    cards: string[];
  }
  const handranker: {
    orderHands(hands: Hand[], board: string[], game: string): Ranking | { high: Ranking; low: Ranking | false };
    orderHands(hands: Hand[], game: string): Ranking | { high: Ranking; low: Ranking | false };
    OMAHA_HI_LO: string;
    STUD_HI_LO: string;
    RAZZ: string;
  };
  export default handranker;
}
