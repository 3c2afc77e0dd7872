import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, roleCan } from '../src/rules/staff-roles.ts';

describe('staff roles', () => {
  it('grant only known permissions, and the owner every one', () => {
    for (const role of STAFF_ROLES) {
      expect(ROLE_PERMISSIONS[role].filter((p) => !PERMISSIONS.includes(p))).toEqual([]);
    }
    expect([...ROLE_PERMISSIONS.owner]).toEqual([...PERMISSIONS]);
  });

  it('let the owner and the catalogue editors upload images, nobody else', () => {
    expect(STAFF_ROLES.filter((role) => roleCan(role, 'media:write'))).toEqual(['owner', 'catalogue']);
  });

  it('hold nothing for an unknown role', () => {
    expect(PERMISSIONS.filter((p) => roleCan('intern', p))).toEqual([]);
  });
});
