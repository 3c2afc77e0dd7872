import { SLIDER_TRANSITION_MS } from '@rangrez/contract/rules/constants';
import { describe, expect, it } from 'vitest';
import { ctaAction, initialSliderState, keyToSliderMove, sliderReducer, swipeMove } from './slider-state';
import { wrapIndex } from '../wrap-index';

describe('sliderReducer', () => {
  it('moves forwards with direction +1 and locks for the transition', () => {
    const s = sliderReducer(initialSliderState, { type: 'next', count: 3, now: 5000 });
    expect(s).toEqual({ index: 1, previous: 0, direction: 1, lockedUntil: 5000 + SLIDER_TRANSITION_MS });
    expect(SLIDER_TRANSITION_MS).toBe(1000);
  });

  it('wraps from the last slide to the first and from the first to the last', () => {
    const atLast = { ...initialSliderState, index: 2 };
    expect(sliderReducer(atLast, { type: 'next', count: 3, now: 0 }).index).toBe(0);
    const back = sliderReducer(initialSliderState, { type: 'prev', count: 3, now: 0 });
    expect(back.index).toBe(2);
    expect(back.direction).toBe(-1);
  });

  it('ignores every change during the 1000 ms transition and accepts one after it', () => {
    const first = sliderReducer(initialSliderState, { type: 'next', count: 4, now: 10_000 });
    expect(sliderReducer(first, { type: 'next', count: 4, now: 10_999 })).toBe(first);
    expect(sliderReducer(first, { type: 'prev', count: 4, now: 10_500 })).toBe(first);
    expect(sliderReducer(first, { type: 'goTo', index: 3, count: 4, now: 10_001 })).toBe(first);
    expect(sliderReducer(first, { type: 'next', count: 4, now: 11_000 }).index).toBe(2);
  });

  it('jumps to a dot with the direction of travel; the current dot does nothing', () => {
    const s = { ...initialSliderState, index: 2 };
    expect(sliderReducer(s, { type: 'goTo', index: 0, count: 4, now: 0 })).toMatchObject({
      index: 0,
      direction: -1,
    });
    expect(sliderReducer(s, { type: 'goTo', index: 3, count: 4, now: 0 })).toMatchObject({
      index: 3,
      direction: 1,
    });
    expect(sliderReducer(s, { type: 'goTo', index: 2, count: 4, now: 0 })).toBe(s);
  });

  it('does nothing with one slide or none', () => {
    expect(sliderReducer(initialSliderState, { type: 'next', count: 1, now: 0 })).toBe(initialSliderState);
    expect(sliderReducer(initialSliderState, { type: 'prev', count: 0, now: 0 })).toBe(initialSliderState);
  });
});

describe('wrapIndex', () => {
  it('wraps negative and large indexes', () => {
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});

describe('keyToSliderMove', () => {
  it('maps ArrowRight/ArrowDown to next and ArrowLeft/ArrowUp to previous', () => {
    expect(keyToSliderMove('ArrowRight')).toBe('next');
    expect(keyToSliderMove('ArrowDown')).toBe('next');
    expect(keyToSliderMove('ArrowLeft')).toBe('prev');
    expect(keyToSliderMove('ArrowUp')).toBe('prev');
    expect(keyToSliderMove('Enter')).toBeNull();
    expect(keyToSliderMove(' ')).toBeNull();
  });
});

describe('swipeMove', () => {
  it('needs more than 50 px of horizontal travel', () => {
    expect(swipeMove(200, 150)).toBeNull();
    expect(swipeMove(200, 250)).toBeNull();
    expect(swipeMove(200, 149)).toBe('next');
    expect(swipeMove(200, 251)).toBe('prev');
  });
});

describe('ctaAction', () => {
  it("does nothing for '' and '#'", () => {
    expect(ctaAction('')).toEqual({ kind: 'none' });
    expect(ctaAction('#')).toEqual({ kind: 'none' });
    expect(ctaAction('  ')).toEqual({ kind: 'none' });
  });
  it("opens links starting with 'http' in a new tab", () => {
    expect(ctaAction('https://example.com/drop')).toEqual({
      kind: 'external',
      href: 'https://example.com/drop',
    });
    expect(ctaAction('http://example.com')).toEqual({ kind: 'external', href: 'http://example.com' });
  });
  it('navigates inside the store otherwise', () => {
    expect(ctaAction('/collection/men/oversized-t-shirt')).toEqual({
      kind: 'internal',
      to: '/collection/men/oversized-t-shirt',
    });
  });
});
