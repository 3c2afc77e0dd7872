// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismiss, notify, useToasts } from './toast-store';

function shown() {
  const { result } = renderHook(() => useToasts());
  return result;
}

afterEach(() => {
  const toasts = shown().current;
  act(() => toasts.forEach((t) => dismiss(t.id)));
  cleanup();
});

describe('toasts', () => {
  it('show the same message only once at a time', () => {
    const toasts = shown();
    act(() => {
      notify('Item added to cart!', 'success');
      notify('Item added to cart!', 'success');
    });
    expect(toasts.current.map((t) => t.message)).toEqual(['Item added to cart!']);
  });

  it('with the same replace key take the old one’s place, a new toast even with the same words', () => {
    const toasts = shown();
    act(() => {
      notify('Saved.', 'success');
      notify('Please select a size.', 'error', { replace: 'product-selection' });
    });
    const first = toasts.current.find((t) => t.message === 'Please select a size.')!;
    act(() => notify('Please select a size.', 'error', { replace: 'product-selection' }));
    expect(toasts.current.map((t) => t.message)).toEqual(['Saved.', 'Please select a size.']);
    expect(toasts.current[1]!.id).not.toBe(first.id);

    act(() => notify('Please select a color.', 'error', { replace: 'product-selection' }));
    expect(toasts.current.map((t) => [t.message, t.kind])).toEqual([
      ['Saved.', 'success'],
      ['Please select a color.', 'error'],
    ]);
  });
});
