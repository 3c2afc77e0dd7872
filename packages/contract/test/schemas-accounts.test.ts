import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  authSessionResponseSchema,
  googleConfigResponseSchema,
  googleLoginBodySchema,
  loginBodySchema,
  logoutBodySchema,
  refreshTokenBodySchema,
  signupBodySchema,
} from '../src/schemas/auth.ts';
import { userIdParamsSchema, userSchema, userUpdateBodySchema } from '../src/schemas/user.ts';
import { wishlistAddBodySchema, wishlistResponseSchema } from '../src/schemas/wishlist.ts';

function firstMessage(result: z.ZodSafeParseResult<unknown>): string | undefined {
  return result.error?.issues[0]?.message;
}

const user = {
  _id: 'u1',
  firstName: 'Ravi',
  lastName: 'Kumar',
  email: 'ravi@example.in',
  phone: '9876543210',
  avatar: '',
  address: {
    country: 'India',
    state: 'Karnataka',
    city: 'Bengaluru',
    street: 'MG Road',
    pincode: '560001',
    doorNo: '12B',
  },
};

describe('login body', () => {
  it('trims and lower-cases the e-mail, keeps the password as typed, strips the rest', () => {
    expect(
      loginBodySchema.parse({ email: ' Ravi@Example.IN ', password: ' secret ', remember: true }),
    ).toEqual({
      email: 'ravi@example.in',
      password: ' secret ',
    });
  });

  it.each([
    {},
    { email: 'a@b.c' },
    { email: ' ', password: 'x' },
    { email: 'a@b.c', password: '' },
    { email: null, password: 'x' },
  ])('needs both fields: %j', (body) => {
    expect(firstMessage(loginBodySchema.safeParse(body))).toBe('Email and password are required');
  });

  it('names a field of the wrong type', () => {
    expect(firstMessage(loginBodySchema.safeParse({ email: 5, password: 'x' }))).toBe('email must be text');
  });
});

describe('signup body', () => {
  const ok = {
    firstName: ' Ravi ',
    lastName: 'Kumar',
    email: 'RAVI@example.in ',
    password: 'Abcdef1!',
    phone: '98765 43210',
  };

  it('normalises and strips unknown fields', () => {
    expect(signupBodySchema.parse({ ...ok, role: 'admin' })).toEqual({
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi@example.in',
      password: 'Abcdef1!',
      phone: '9876543210',
    });
  });

  it('keeps an Indian mobile as its national number and another number as typed', () => {
    expect(signupBodySchema.parse({ ...ok, phone: ' +91 98765-43210 ' }).phone).toBe('9876543210');
    expect(signupBodySchema.parse({ ...ok, phone: '(0) 98765 43210' }).phone).toBe('9876543210');
    expect(signupBodySchema.parse({ ...ok, phone: '+44 20 7946 0958' }).phone).toBe('+44 20 7946 0958');
  });

  it('answers the documented messages', () => {
    expect(firstMessage(signupBodySchema.safeParse({ ...ok, phone: '' }))).toBe('All fields are required');
    expect(firstMessage(signupBodySchema.safeParse({}))).toBe('All fields are required');
    expect(firstMessage(signupBodySchema.safeParse({ ...ok, password: 'abcdefgh' }))).toBe(
      'Password must be stronger',
    );
    expect(firstMessage(signupBodySchema.safeParse({ ...ok, phone: 'not a phone' }))).toBe(
      'Please enter a valid phone number',
    );
    expect(firstMessage(signupBodySchema.safeParse({ ...ok, email: 'ravi' }))).toBe('Invalid email format');
  });
});

describe('google login and refresh', () => {
  it('accepts access_token or credential, at least one', () => {
    expect(googleLoginBodySchema.parse({ access_token: 'tok', other: 1 })).toEqual({ access_token: 'tok' });
    expect(googleLoginBodySchema.parse({ credential: 'jwt' })).toEqual({ credential: 'jwt' });
    expect(firstMessage(googleLoginBodySchema.safeParse({ access_token: ' ' }))).toBe(
      'access_token or credential is required',
    );
  });

  it('needs a refresh token', () => {
    expect(refreshTokenBodySchema.parse({ refreshToken: 'r1' })).toEqual({ refreshToken: 'r1' });
    expect(firstMessage(refreshTokenBodySchema.safeParse({}))).toBe('refreshToken is required');
  });
});

describe('logout and Google configuration', () => {
  it('takes an optional refresh token, or no body at all', () => {
    expect(logoutBodySchema.parse(undefined)).toBeUndefined();
    expect(logoutBodySchema.parse(null)).toBeNull();
    expect(logoutBodySchema.parse({})).toEqual({ refreshToken: undefined });
    expect(logoutBodySchema.parse({ refreshToken: ' r1 ', x: 1 })).toEqual({ refreshToken: 'r1' });
    expect(logoutBodySchema.parse({ refreshToken: '' })).toEqual({ refreshToken: undefined });
    expect(firstMessage(logoutBodySchema.safeParse({ refreshToken: 5 }))).toBe('refreshToken must be text');
  });

  it('answers enabled, clientId and authUrl, nullable when Google sign-in is off', () => {
    const off = { enabled: false, clientId: null, authUrl: null };
    expect(googleConfigResponseSchema.parse(off)).toEqual(off);
    const on = {
      enabled: true,
      clientId: 'id.apps.googleusercontent.com',
      authUrl: '/__google/o/oauth2/v2/auth',
    };
    expect(googleConfigResponseSchema.parse({ ...on, secret: 'x' })).toEqual(on);
  });
});

describe('user', () => {
  it('never lets a password or hash through', () => {
    const parsed = userSchema.parse({ ...user, password: 'x', passwordHash: 'y', __v: 0 });
    expect(parsed).toEqual(user);
    const session = authSessionResponseSchema.parse({
      accessToken: 'a',
      refreshToken: 'r',
      user: { ...user, password: 'x' },
      tokenFamily: 'f',
    });
    expect(session).toEqual({ accessToken: 'a', refreshToken: 'r', user });
  });

  it('needs a user id', () => {
    expect(firstMessage(userIdParamsSchema.safeParse({ id: '' }))).toBe('User ID is required');
  });
});

describe('user update body', () => {
  it('drops nulls, strips email and password, keeps the rest', () => {
    expect(
      userUpdateBodySchema.parse({
        firstName: ' Ravi ',
        lastName: null,
        email: 'new@example.in',
        password: 'Secret1!',
        address: { city: 'Mysuru', pincode: null, state: 'tamil nadu' },
      }),
    ).toEqual({ firstName: 'Ravi', address: { city: 'Mysuru', state: 'Tamil Nadu' } });
  });

  it('fails with "No valid updates provided" when nothing remains', () => {
    expect(firstMessage(userUpdateBodySchema.safeParse({}))).toBe('No valid updates provided');
    expect(firstMessage(userUpdateBodySchema.safeParse({ email: 'x@y.z', firstName: null }))).toBe(
      'No valid updates provided',
    );
    expect(firstMessage(userUpdateBodySchema.safeParse({ address: {} }))).toBe('No valid updates provided');
  });

  it('validates names, avatar, phone and PIN code', () => {
    expect(firstMessage(userUpdateBodySchema.safeParse({ firstName: ' ' }))).toBe(
      'First name and last name are required',
    );
    expect(firstMessage(userUpdateBodySchema.safeParse({ avatar: 'not a url' }))).toBe(
      'Please enter a valid avatar URL',
    );
    expect(userUpdateBodySchema.parse({ avatar: 'https://cdn.example.com/a.png' })).toEqual({
      avatar: 'https://cdn.example.com/a.png',
    });
    expect(firstMessage(userUpdateBodySchema.safeParse({ phone: 'abc' }))).toBe(
      'Please enter a valid phone number',
    );
    expect(firstMessage(userUpdateBodySchema.safeParse({ address: { pincode: '012345' } }))).toBe(
      'Please enter a valid 6-digit PIN code',
    );
  });
});

describe('wishlist', () => {
  it('needs productId and userId', () => {
    expect(firstMessage(wishlistAddBodySchema.safeParse({ userId: 'u1' }))).toBe('productId is required');
    expect(wishlistAddBodySchema.parse({ productId: ' p1 ', userId: 'u1', x: 1 })).toEqual({
      productId: 'p1',
      userId: 'u1',
    });
  });

  it('answers each entry as { product } with _id, name, image, price and mrp only', () => {
    const product = { _id: 'p1', name: 'Tee', image: 'https://cdn.example.com/p1.jpg', price: 499, mrp: 799 };
    expect(
      wishlistResponseSchema.parse({
        success: true,
        data: { products: [{ product: { ...product, stock: 3 }, addedAt: 'x' }] },
        message: 'ok',
      }),
    ).toEqual({ success: true, data: { products: [{ product }] }, message: 'ok' });
    // A flat product, the shape before entries carried it under `product`, is not an entry.
    expect(
      wishlistResponseSchema.safeParse({ success: true, data: { products: [product] }, message: 'ok' }).success,
    ).toBe(false);
  });
});
