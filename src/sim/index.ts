// The virtual dealer and players (simulated table): `npm start`, the bench and property tests drive the real engine
// with it.
export { createVirtualTable, type VirtualTable, type VirtualTableOptions } from './virtual-table.ts';
export { cardsOut, type ResumeFrom } from './resume.ts';
export { runSession, type SessionOptions, type SessionResult } from './session.ts';
export { createRandom, type Random } from './random.ts';
export { MIXED_GAMES, partsNamed, playersFor, type MixedPart } from './mixed.ts';
