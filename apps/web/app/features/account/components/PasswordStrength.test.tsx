// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasswordStrength } from './PasswordStrength';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PasswordStrength', () => {
  it('evaluates the checklist only after a 300 ms pause in typing', () => {
    const { rerender } = render(<PasswordStrength password="a" />);
    // The first value is shown at once (nothing to debounce yet).
    expect(screen.getByText('Weak')).toBeTruthy();

    rerender(<PasswordStrength password="Abcdef1!" />);
    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByText('Weak')).toBeTruthy();
    rerender(<PasswordStrength password="Abcdef12!" />);
    act(() => vi.advanceTimersByTime(299));
    // Still typing: the timer started again.
    expect(screen.getByText('Weak')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Strong')).toBeTruthy();
  });

  it.each([
    ['abc', 'Weak'],
    ['abcdefgh', 'Medium'],
    ['Abcdefgh', 'Medium'],
    ['Abcdefg1', 'Strong'],
  ])('labels %s as %s', (password, label) => {
    render(<PasswordStrength password={password} />);
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByText(label)).toBeTruthy();
  });

  it('lists the five checks and marks the ones met', () => {
    render(<PasswordStrength password="abcdefgh" />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      '✓ At least 8 characters (met)',
      '○ One uppercase letter (not met)',
      '✓ One lowercase letter (met)',
      '○ One number (not met)',
      '○ One special character (not met)',
    ]);
  });

  it('shows nothing for an empty password', () => {
    const { container } = render(<PasswordStrength password="" />);
    expect(container.textContent).toBe('');
  });
});
