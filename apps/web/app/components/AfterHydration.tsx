// Content (images, mostly) that the page's first paint should not wait for: the server HTML has it only inside
// <noscript>, so without JavaScript it still shows; with JavaScript it renders after hydration. For images below
// the hero, which the browser would otherwise fetch well ahead of the viewport (also sideways in a scroller)
// while the hero image is still loading (decision 012).
import type { ReactNode } from 'react';
import { useHydrated } from '../lib/hydrated';

export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : <noscript>{children}</noscript>;
}
