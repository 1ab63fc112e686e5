// The simulated table's floor account, so the floor page works out of the box: the password comes from
// POKERTABLE_FLOOR_PASSWORD, or is made up at start and printed beside the URLs.
import { randomInt } from 'node:crypto';
import type { MqttUser } from '../config/types.ts';

export const FLOOR_USERNAME = 'floor';
export const FLOOR_PASSWORD_ENV = 'POKERTABLE_FLOOR_PASSWORD';

// No 0/o, 1/l/i: read off a terminal and typed on a phone.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Three groups of four, e.g. `k7mq-2xfp-9rtd` (about 59 bits). */
export function madeUpPassword(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}

export interface FloorAccount {
  user: MqttUser;
  /** True when the password came from the environment (it is then not printed). */
  fromEnv: boolean;
}

export function floorAccount(env: NodeJS.ProcessEnv = process.env): FloorAccount {
  const given = env[FLOOR_PASSWORD_ENV];
  const fromEnv = given !== undefined && given !== '';
  return {
    user: { username: FLOOR_USERNAME, password: fromEnv ? given : madeUpPassword(), roles: ['floor'] },
    fromEnv,
  };
}
