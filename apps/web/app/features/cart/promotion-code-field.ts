// The code field for other features' pages (checkout): its own chunk, loaded after the page, as in the cart.
import { lazy } from 'react';

export const PromotionCodeField = lazy(() =>
  import('./components/PromotionCode').then((m) => ({ default: m.PromotionCode })),
);
