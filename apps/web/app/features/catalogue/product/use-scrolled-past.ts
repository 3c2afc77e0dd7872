// Whether the page's own BUY NOW and ADD TO CART have scrolled up out of view (the phone's buy bar shows then):
// null until they first have, so the bar's code need not load for a shopper who never scrolls past them.
import { type RefObject, useEffect, useState } from 'react';

export function useScrolledPast(watch: RefObject<HTMLElement | null>): boolean | null {
  const [past, setPast] = useState<boolean | null>(null);

  useEffect(() => {
    const target = watch.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    // The viewport stretched far downwards: the buttons leave it only by going above the top, and a jump straight
    // from below the viewport to above it (a fling, an anchor) is still a crossing the observer reports.
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        const above = !entry.isIntersecting && entry.boundingClientRect.bottom <= 0;
        setPast((was) => (was === null && !above ? null : above));
      },
      { rootMargin: '0px 0px 10000% 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [watch]);

  return past;
}
