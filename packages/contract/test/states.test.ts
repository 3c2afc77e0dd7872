import { describe, expect, it } from 'vitest';
import {
  isStateOrUnionTerritory,
  normaliseStateName,
  STATES,
  STATES_AND_UTS,
  UNION_TERRITORIES,
} from '../src/rules/states.ts';

describe('states and union territories', () => {
  it('has 28 states from Andhra Pradesh to West Bengal', () => {
    expect(STATES).toHaveLength(28);
    expect(STATES[0]).toBe('Andhra Pradesh');
    expect(STATES[27]).toBe('West Bengal');
    expect(STATES).toContain('Odisha');
    expect(STATES).toContain('Telangana');
    expect(STATES).toContain('Uttarakhand');
    expect(STATES).not.toContain('Orissa');
    expect(STATES).not.toContain('Jammu and Kashmir');
  });

  it('has the 8 union territories with current names', () => {
    expect([...UNION_TERRITORIES].sort()).toEqual(
      [
        'Andaman and Nicobar Islands',
        'Chandigarh',
        'Dadra and Nagar Haveli and Daman and Diu',
        'Delhi',
        'Jammu and Kashmir',
        'Ladakh',
        'Lakshadweep',
        'Puducherry',
      ].sort(),
    );
  });

  it('offers all 36, sorted, without duplicates', () => {
    expect(STATES_AND_UTS).toHaveLength(36);
    expect(new Set(STATES_AND_UTS).size).toBe(36);
    expect([...STATES_AND_UTS]).toEqual([...STATES_AND_UTS].sort());
    expect(STATES_AND_UTS[0]).toBe('Andaman and Nicobar Islands');
    expect(STATES_AND_UTS[35]).toBe('West Bengal');
    expect(isStateOrUnionTerritory('Delhi')).toBe(true);
    expect(isStateOrUnionTerritory('delhi')).toBe(false);
  });

  it('normalises case, "&" and old names', () => {
    expect(normaliseStateName('tamil nadu')).toBe('Tamil Nadu');
    expect(normaliseStateName('Jammu & Kashmir')).toBe('Jammu and Kashmir');
    expect(normaliseStateName('Orissa')).toBe('Odisha');
    expect(normaliseStateName('Pondicherry')).toBe('Puducherry');
    expect(normaliseStateName('Chattisgarh')).toBe('Chhattisgarh');
    expect(normaliseStateName('Daman and Diu')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(normaliseStateName('Atlantis')).toBeNull();
    expect(normaliseStateName('')).toBeNull();
  });
});
