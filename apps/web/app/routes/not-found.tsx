import { Link, data } from 'react-router';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: 'Page Not Found | Rangrez' }];

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <p className="text-7xl font-black tracking-tight text-accent">404</p>
      <h1 className="text-3xl font-bold">Page Not Found</h1>
      <Link to="/" className="rounded-full bg-ink px-6 py-3 font-semibold text-white hover:bg-black/80">
        Return to Home
      </Link>
    </section>
  );
}
