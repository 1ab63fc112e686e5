// Types for the parts of `hhp` (devDependency: a PokerStars hand-history parser, test/history/history-hhp.test.ts) that we
// call. It returns plain objects; the test names the fields it reads.
declare module 'hhp' {
  const hhp: {
    canParse(input: string): boolean;
    parseHand(input: string): unknown;
  };
  export default hhp;
}
