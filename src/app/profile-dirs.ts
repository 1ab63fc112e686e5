// Moved to src/config/profiles.ts: the config loader resolves a table's profile.
export { profileDirs } from '../config/profiles.ts';
