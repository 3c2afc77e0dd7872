// Star row for a rating (docs/product/rules.md#ratings): clamped 0-5; filled up to the rating, the rest empty.
import { MAX_RATING, clampRating } from '@rangrez/contract/rules/rating';

const STAR = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z';

export function Stars({ rating, className = 'h-4 w-4' }: { rating: number; className?: string }) {
  const value = clampRating(rating);
  return (
    <span
      className="inline-flex"
      role="img"
      aria-label={`Rated ${Math.round(value * 10) / 10} out of ${MAX_RATING}`}
    >
      {Array.from({ length: MAX_RATING }, (_, i) => {
        const fill = Math.max(0, Math.min(1, value - i));
        return (
          <svg key={i} viewBox="0 0 24 24" className={className} aria-hidden="true">
            <path d={STAR} fill="#d4d4d4" />
            {fill > 0 ? (
              <path d={STAR} fill="#f59e0b" style={{ clipPath: `inset(0 ${100 - fill * 100}% 0 0)` }} />
            ) : null}
          </svg>
        );
      })}
    </span>
  );
}
