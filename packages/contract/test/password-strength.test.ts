import { describe, expect, it } from 'vitest';
import { passwordStrength, strengthLabel } from '../src/rules/password-strength.ts';

describe('password strength', () => {
  it('labels scores: Weak below 2, Medium below 4, Strong otherwise', () => {
    expect([0, 1, 2, 3, 4, 5].map(strengthLabel)).toEqual([
      'Weak',
      'Weak',
      'Medium',
      'Medium',
      'Strong',
      'Strong',
    ]);
  });

  it.each([
    ['', 0, 'Weak', false],
    ['abc', 1, 'Weak', false],
    ['abcdefgh', 2, 'Medium', false],
    ['abcdefg1', 3, 'Medium', true],
    ['Abcdefg1', 4, 'Strong', true],
    ['Abcdef1!', 5, 'Strong', true],
    ['A1!', 3, 'Medium', true],
    ['ABCDEFGH', 2, 'Medium', false],
  ] as const)('%j scores %i (%s, valid %s)', (password, score, label, isValid) => {
    const strength = passwordStrength(password);
    expect(strength.score).toBe(score);
    expect(strength.label).toBe(label);
    expect(strength.isValid).toBe(isValid);
  });

  it('reports each check', () => {
    expect(passwordStrength('abcdefg!').checks).toEqual({
      length: true,
      uppercase: false,
      lowercase: true,
      number: false,
      special: true,
    });
  });

  it('does not count white space as special', () => {
    expect(passwordStrength('ab cd').checks.special).toBe(false);
  });
});
