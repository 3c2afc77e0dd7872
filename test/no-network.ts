// Component tests never reach a network: a call nobody faked fails at once, as a browser offline does, instead of
// trying the DOM's default origin (localhost:3000) and logging the refused connection after the test has ended.
import { afterEach, beforeEach, vi } from 'vitest';

beforeEach(() => {
  if (typeof window === 'undefined') return;
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});
afterEach(() => {
  vi.unstubAllGlobals();
});
