import { describe, expect, it } from 'vitest';
import { formFromUser, initials, profileChanges, validateProfile } from './profile-form';
import { makeUser } from './test-helpers';

const original = formFromUser(makeUser());

describe('profile form', () => {
  it('sends only the changed fields, address fields nested, never the e-mail', () => {
    expect(profileChanges(original, original)).toBeNull();
    expect(
      profileChanges({ ...original, firstName: ' Meera ', city: 'Mumbai', state: 'Delhi' }, original),
    ).toEqual({
      firstName: 'Meera',
      address: { city: 'Mumbai', state: 'Delhi' },
    });
    expect(profileChanges({ ...original, avatar: 'https://cdn.example/a.png' }, original)).toEqual({
      avatar: 'https://cdn.example/a.png',
    });
  });

  it('validates with the documented words', () => {
    expect(validateProfile({ ...original, firstName: ' ' }, original)).toEqual({
      firstName: 'First name and last name are required',
    });
    expect(validateProfile({ ...original, lastName: '' }, original)).toEqual({
      lastName: 'First name and last name are required',
    });
    expect(validateProfile({ ...original, avatar: 'not a url' }, original)).toEqual({
      avatar: 'Please enter a valid avatar URL',
    });
    expect(validateProfile({ ...original, phone: 'call me' }, original)).toEqual({
      phone: 'Please enter a valid phone number',
    });
    expect(validateProfile({ ...original, pincode: '012345' }, original)).toEqual({
      pincode: 'Please enter a valid 6-digit PIN code',
    });
    expect(validateProfile({ ...original, pincode: '', city: '' }, original)).toEqual({});
  });

  it('does not block a save on old data the user did not touch', () => {
    const legacy = formFromUser(makeUser({ phone: '' }));
    expect(validateProfile({ ...legacy, firstName: 'Meera' }, legacy)).toEqual({});
  });

  it('shows initials, or the first letter of the e-mail', () => {
    expect(initials(makeUser())).toBe('AV');
    expect(initials(makeUser({ firstName: '', lastName: '' }))).toBe('A');
  });
});
