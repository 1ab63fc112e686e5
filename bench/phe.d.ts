// Types for the parts of `phe` (devDependency, the reference evaluator in tests and the bench) that we call.
// phe: lower values are better; card codes are rank * 4 + suit (rank 0 = deuce, suits s h d c).
declare module 'phe' {
  export function evaluateCards(cards: string[]): number;
  export function evaluateCardCodes(codes: number[]): number;
  /** 0 straight flush, 1 quads, 2 full house, 3 flush, 4 straight, 5 trips, 6 two pair, 7 pair, 8 high card. */
  export function rankCards(cards: string[]): number;
  export function rankCardCodes(codes: number[]): number;
  export function cardCodes(cards: string[]): number[];
  const phe: {
    evaluateCards: typeof evaluateCards;
    evaluateCardCodes: typeof evaluateCardCodes;
    rankCards: typeof rankCards;
    rankCardCodes: typeof rankCardCodes;
    cardCodes: typeof cardCodes;
  };
  export default phe;
}
