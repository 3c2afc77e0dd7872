import { GoogleCallback } from '../features/account/components/GoogleCallback';
import type { Route } from './+types/auth.google.callback';

export const meta: Route.MetaFunction = () => [
  { title: 'Signing in | Rangrez' },
  { name: 'robots', content: 'noindex' },
];

// The fragment carries a token: it must not leak through the referrer or be cached.
export const headers: Route.HeadersFunction = () => ({
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
});

export default function GoogleAuthCallback() {
  return <GoogleCallback />;
}
