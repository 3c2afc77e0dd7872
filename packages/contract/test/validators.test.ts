import { describe, expect, it } from 'vitest';
import {
  isHttpUrl,
  isValidPhoneNumber,
  loginCallError,
  signupCallError,
  validateAvatarUrl,
  validateLoginForm,
  validateProfileNames,
  validateSignupForm,
} from '../src/rules/account-validators.ts';
import {
  stripCityInput,
  stripLettersAndSpaces,
  validateAddress,
  validateCheckoutEmail,
  validateCheckoutForm,
  validateCheckoutPhone,
  validateCity,
  validateCountry,
  validateDoorNo,
  validateFirstName,
  validateLastName,
  validatePincode,
  validateState,
} from '../src/rules/checkout-validators.ts';

describe('checkout validators', () => {
  it('names: 2-30 letters, digits or spaces', () => {
    expect(validateFirstName('')).toBe('First name is required');
    expect(validateFirstName('   ')).toBe('First name is required');
    expect(validateFirstName('A')).toBe('First name should be 2-30 characters long');
    expect(validateFirstName('Al')).toBeNull();
    expect(validateFirstName('a'.repeat(30))).toBeNull();
    expect(validateFirstName('a'.repeat(31))).toBe('First name should be 2-30 characters long');
    expect(validateFirstName('Anna-Marie')).toBe('First name should be 2-30 characters long');
    expect(validateFirstName('Ravi 2')).toBeNull();
    expect(validateFirstName('José')).toBeNull();
    expect(validateLastName('')).toBe('Last name is required');
    expect(validateLastName('K')).toBe('Last name should be 2-30 characters long');
    expect(validateLastName('Kumar')).toBeNull();
  });

  it('email: simple address pattern', () => {
    expect(validateCheckoutEmail('')).toBe('Email is required');
    expect(validateCheckoutEmail('ravi@example')).toBe('Please enter a valid email address');
    expect(validateCheckoutEmail('ravi example@x.in')).toBe('Please enter a valid email address');
    expect(validateCheckoutEmail('ravi@example.in')).toBeNull();
  });

  it('phone: 10 digits starting 6-9, spaces ignored', () => {
    expect(validateCheckoutPhone('')).toBe('Phone number is required');
    expect(validateCheckoutPhone('9876543210')).toBeNull();
    expect(validateCheckoutPhone('98765 43210')).toBeNull();
    expect(validateCheckoutPhone('6000000000')).toBeNull();
    expect(validateCheckoutPhone('5876543210')).toBe('Please enter a valid 10-digit Indian mobile number');
    expect(validateCheckoutPhone('987654321')).toBe('Please enter a valid 10-digit Indian mobile number');
    expect(validateCheckoutPhone('98765432101')).toBe('Please enter a valid 10-digit Indian mobile number');
    expect(validateCheckoutPhone('+919876543210')).toBeNull();
    expect(validateCheckoutPhone('+91 98765-43210')).toBeNull();
    expect(validateCheckoutPhone('+91 58765 43210')).toBe(
      'Please enter a valid 10-digit Indian mobile number',
    );
    expect(validateCheckoutPhone('+44 98765 43210')).toBe(
      'Please enter a valid 10-digit Indian mobile number',
    );
  });

  it('door number 1-20, address 5-200', () => {
    expect(validateDoorNo('')).toBe('Door number is required');
    expect(validateDoorNo('7')).toBeNull();
    expect(validateDoorNo('x'.repeat(20))).toBeNull();
    expect(validateDoorNo('x'.repeat(21))).toBe('Door number should be 1-20 characters long');
    expect(validateAddress('')).toBe('Address is required');
    expect(validateAddress('Road')).toBe('Address should be 5-200 characters long');
    expect(validateAddress('MG Rd')).toBeNull();
    expect(validateAddress('x'.repeat(200))).toBeNull();
    expect(validateAddress('x'.repeat(201))).toBe('Address should be 5-200 characters long');
  });

  it('city and country: letters and spaces, 2-50', () => {
    expect(validateCity('')).toBe('City is required');
    expect(validateCity('New Delhi')).toBeNull();
    expect(validateCity('B')).toBe('City should contain only letters and be 2-50 characters long');
    expect(validateCity('Sector 5')).toBe('City should contain only letters and be 2-50 characters long');
    expect(validateCity('x'.repeat(51))).toBe('City should contain only letters and be 2-50 characters long');
    expect(validateCountry('')).toBe('Country is required');
    expect(validateCountry('India')).toBeNull();
    expect(validateCountry('India1')).toBe('Country should contain only letters and be 2-50 characters long');
  });

  it('state: one of the 28 states or 8 union territories', () => {
    expect(validateState('')).toBe('State is required');
    expect(validateState('Karnataka')).toBeNull();
    expect(validateState('Delhi')).toBeNull();
    expect(validateState('Ladakh')).toBeNull();
    expect(validateState('Gotham')).toBe('Please select a valid state or union territory');
  });

  it('PIN code: 6 digits, first not 0', () => {
    expect(validatePincode('')).toBe('PIN code is required');
    expect(validatePincode('560001')).toBeNull();
    expect(validatePincode('100000')).toBeNull();
    expect(validatePincode('060001')).toBe('Please enter a valid 6-digit PIN code');
    expect(validatePincode('56000')).toBe('Please enter a valid 6-digit PIN code');
    expect(validatePincode('5600011')).toBe('Please enter a valid 6-digit PIN code');
    expect(validatePincode('56000a')).toBe('Please enter a valid 6-digit PIN code');
  });

  it('validates a whole form, reporting only failing fields that were given', () => {
    expect(
      validateCheckoutForm({
        firstName: 'Ravi',
        lastName: '',
        phone: '12345',
        pincode: '560001',
        country: 'India',
      }),
    ).toEqual({
      lastName: 'Last name is required',
      phone: 'Please enter a valid 10-digit Indian mobile number',
    });
  });
});

describe('input strippers', () => {
  it('city, state and country keep letters and spaces', () => {
    expect(stripCityInput('New Delhi-110001!')).toBe('New Delhi');
    expect(stripLettersAndSpaces('Jammu & Kashmir')).toBe('Jammu  Kashmir');
    expect(stripLettersAndSpaces('Bengaluru')).toBe('Bengaluru');
  });
});

describe('login and signup rules', () => {
  it('login form messages', () => {
    expect(validateLoginForm({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateLoginForm({ email: 'ravi@', password: '12345' })).toEqual({
      email: 'Invalid email format',
      password: 'Password must be at least 6 characters',
    });
    expect(validateLoginForm({ email: 'ravi@example.in', password: '123456' })).toEqual({});
  });

  it('login call needs both fields non-blank', () => {
    expect(loginCallError({ email: ' ', password: 'x' })).toBe('Email and password are required');
    expect(loginCallError({ email: 'a@b.c' })).toBe('Email and password are required');
    expect(loginCallError({ email: 'a@b.c', password: 'x' })).toBeNull();
  });

  it('signup phone: digits, spaces, hyphen, plus, parentheses, 10-15 digits', () => {
    expect(isValidPhoneNumber('+91 (987) 654-3210')).toBe(true);
    expect(isValidPhoneNumber('9876543210')).toBe(true);
    expect(isValidPhoneNumber('98765x43210')).toBe(false);
    expect(isValidPhoneNumber('+()')).toBe(false);
    expect(isValidPhoneNumber('12345')).toBe(false);
    expect(isValidPhoneNumber('1234567890123456')).toBe(false);
  });

  it('signup call: first failing rule wins', () => {
    const ok = {
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi@example.in',
      password: 'Abcdef1!',
      phone: '9876543210',
    };
    expect(signupCallError(ok)).toBeNull();
    expect(signupCallError({ ...ok, lastName: ' ' })).toBe('All fields are required');
    expect(signupCallError({ ...ok, phone: undefined })).toBe('All fields are required');
    expect(signupCallError({ ...ok, email: 'nope' })).toBe('Invalid email format');
    expect(signupCallError({ ...ok, password: 'abcdefgh' })).toBe('Password must be stronger');
    expect(signupCallError({ ...ok, phone: 'call me' })).toBe('Please enter a valid phone number');
  });

  it('signup form messages', () => {
    expect(
      validateSignupForm({ firstName: '', lastName: 'K', email: 'x', password: 'abc', phone: 'abc' }),
    ).toEqual({
      firstName: 'First name is required',
      email: 'Invalid email format',
      password: 'Password must be stronger',
      phone: 'Please enter a valid phone number',
    });
  });
});

describe('profile rules', () => {
  it('names are both required', () => {
    expect(validateProfileNames('Ravi', '')).toBe('First name and last name are required');
    expect(validateProfileNames('Ravi', 'Kumar')).toBeNull();
  });

  it('avatar, if given, must be an http(s) URL', () => {
    expect(validateAvatarUrl('')).toBeNull();
    expect(validateAvatarUrl('https://cdn.example.com/a.png')).toBeNull();
    expect(validateAvatarUrl('not a url')).toBe('Please enter a valid avatar URL');
    expect(validateAvatarUrl('javascript:alert(1)')).toBe('Please enter a valid avatar URL');
    expect(isHttpUrl('http://localhost:3000/m/a.jpg')).toBe(true);
  });
});
