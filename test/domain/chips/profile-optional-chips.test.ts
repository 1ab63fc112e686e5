// A venue's own profile written before chips were tracked (no `chips`, no `bet`) still loads and plays with chips
// off; a profile that has them is still checked field by field.
import { describe, expect, it } from 'vitest';
import { loadProfiles } from '../../../src/config/profiles.ts';
import { checkProfile } from '../../../src/domain/profile/check.ts';

const tda = loadProfiles().tda!;

describe('profiles and the money rules', () => {
  it('loads a profile without chips and bet', () => {
    const { chips: _c, bet: _b, ...old } = JSON.parse(JSON.stringify(tda)) as Record<string, unknown>;
    const profile = checkProfile({ ...old, name: 'house' }, 'rules/house.json');
    expect(profile.chips).toBeUndefined();
  });

  it('still refuses a wrong chips field and unordered chip values', () => {
    const base = JSON.parse(JSON.stringify(tda)) as Record<string, unknown> & { chips: Record<string, unknown> };
    expect(() => checkProfile({ ...base, chips: { ...base.chips, mode: 'on' } }, 'x.json')).toThrow(
      /chips.mode must be one of/,
    );
    expect(() => checkProfile({ ...base, chips: { ...base.chips, denominations: [100, 25] } }, 'x.json')).toThrow(
      /chips.denominations must be a list of chip values/,
    );
    expect(
      checkProfile({ ...base, chips: { ...base.chips, denominations: [25, 100, 5000] } }, 'x.json').chips,
    ).toMatchObject({
      denominations: [25, 100, 5000],
    });
  });
});
