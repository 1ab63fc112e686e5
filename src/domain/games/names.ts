// The names of the games and betting structures (R-GAME-LIST), apart from their descriptors: the event and state
// types (types.ts, chips/types.ts) name them without reaching the descriptors, which read those types.
export type GameName = 'holdem' | 'omaha' | 'omaha-hilo' | 'stud' | 'stud-hilo' | 'razz';

export type BettingName = 'no-limit' | 'pot-limit' | 'limit';
