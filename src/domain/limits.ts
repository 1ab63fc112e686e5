// The contract's seat limits (src/protocol/limits.ts), as the engine uses them.
export { MAX_SEATS, MIN_SEATS } from '../protocol/limits.ts';
