// The engine's own types (types.ts, profile.ts) are finer than the ones generated from the schemas (unions the
// engine narrows on, canonical cards): here they are held to the contract at compile time. An engine type that
// leaves its schema (a field renamed, a value the schema does not allow) stops `tsc`, so the schemas, the generated
// types and the engine cannot drift apart (docs/contract.md). Nothing here runs.
import type * as Messages from '../protocol/generated/messages.ts';
import type { ProfileSpec } from '../protocol/generated/profile.ts';
import type { Profile } from './profile/profile.ts';
import type { Command as EngineCommand, Input as EngineInput, TableEvent } from './types.ts';

/** `true` when every A is a B. */
export type Fits<A, B> = [A] extends [B] ? true : false;

export const conformance: {
  input: Fits<EngineInput, Messages.Input>;
  command: Fits<EngineCommand, Messages.Command>;
  event: Fits<TableEvent, Messages.Event>;
  profile: Fits<Profile, ProfileSpec>;
  profileBack: Fits<ProfileSpec, Profile>;
} = { input: true, command: true, event: true, profile: true, profileBack: true };
