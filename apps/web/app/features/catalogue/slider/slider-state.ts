// The hero slider's rules (docs/product/rules.md#hero-slider) as pure functions, so they are tested without a browser:
// wrap-around, the 1000 ms transition lock, direction, keyboard keys, the swipe threshold and the CTA decision.
import { SLIDER_SWIPE_THRESHOLD_PX, SLIDER_TRANSITION_MS } from '@rangrez/contract/rules/constants';
import { wrapIndex } from '../wrap-index';

export interface SliderState {
  index: number;
  /** The slide that is animating out, or null when nothing moves. */
  previous: number | null;
  /** +1 forwards, -1 backwards, 0 before the first change (no animation). */
  direction: 1 | -1 | 0;
  /** Changes before this time (ms, the caller's clock) are ignored. */
  lockedUntil: number;
}

export type SliderAction =
  | { type: 'next' | 'prev'; count: number; now: number }
  | { type: 'goTo'; index: number; count: number; now: number };

export const initialSliderState: SliderState = { index: 0, previous: null, direction: 0, lockedUntil: 0 };

export function sliderReducer(state: SliderState, action: SliderAction): SliderState {
  const { count, now } = action;
  if (count <= 1 || now < state.lockedUntil) return state;
  let index: number;
  let direction: 1 | -1;
  if (action.type === 'goTo') {
    index = wrapIndex(action.index, count);
    if (index === state.index) return state;
    direction = index > state.index ? 1 : -1;
  } else {
    direction = action.type === 'next' ? 1 : -1;
    index = wrapIndex(state.index + direction, count);
  }
  return { index, previous: state.index, direction, lockedUntil: now + SLIDER_TRANSITION_MS };
}

/** ArrowRight/ArrowDown go forwards, ArrowLeft/ArrowUp backwards; other keys are not the slider's. */
export function keyToSliderMove(key: string): 'next' | 'prev' | null {
  if (key === 'ArrowRight' || key === 'ArrowDown') return 'next';
  if (key === 'ArrowLeft' || key === 'ArrowUp') return 'prev';
  return null;
}

/**
 * A swipe counts only when the horizontal travel exceeds the threshold: a left swipe (finger moves to smaller
 * x) shows the next slide, a right swipe the previous one.
 */
export function swipeMove(
  startX: number,
  endX: number,
  threshold: number = SLIDER_SWIPE_THRESHOLD_PX,
): 'next' | 'prev' | null {
  const travel = endX - startX;
  if (Math.abs(travel) <= threshold) return null;
  return travel < 0 ? 'next' : 'prev';
}

export type CtaAction =
  { kind: 'none' } | { kind: 'external'; href: string } | { kind: 'internal'; to: string };

/** '' or '#' does nothing; 'http...' opens a new tab; anything else is a path inside the store. */
export function ctaAction(ctaLink: string): CtaAction {
  const link = ctaLink.trim();
  if (link === '' || link === '#') return { kind: 'none' };
  if (link.startsWith('http')) return { kind: 'external', href: link };
  return { kind: 'internal', to: link };
}
