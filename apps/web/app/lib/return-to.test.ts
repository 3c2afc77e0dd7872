import { describe, expect, it } from 'vitest';
import { loginHref, sanitizeReturnTo } from './return-to';

describe('sanitizeReturnTo', () => {
  it.each([
    ['/profile', '/profile'],
    ['/collection/men/hoodie?size=M#top', '/collection/men/hoodie?size=M#top'],
    ['/place-order', '/place-order'],
    [' /orders ', '/orders'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(sanitizeReturnTo(input)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['profile'],
    ['//evil.example/steal'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['http:/evil.example'],
    ['/login'],
    ['/signup?returnTo=/x'],
  ])('falls back to / for %s', (input) => {
    expect(sanitizeReturnTo(input)).toBe('/');
  });
});

describe('loginHref', () => {
  it('carries the current path, encoded', () => {
    expect(loginHref('/profile')).toBe('/login?returnTo=%2Fprofile');
    expect(loginHref('/collection/men/hoodie?q=a b')).toBe(
      '/login?returnTo=%2Fcollection%2Fmen%2Fhoodie%3Fq%3Da%2520b',
    );
  });
});
