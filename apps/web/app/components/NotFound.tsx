import { NOT_FOUND_MESSAGES } from '@rangrez/contract/rules/site-messages';
import { Link } from 'react-router';

/** The 404 view: the /404 route and any page whose resource does not exist (an unknown product id). */
export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <p className="text-7xl font-black tracking-tight text-accent">404</p>
      <h1 className="text-3xl font-bold">{NOT_FOUND_MESSAGES.title}</h1>
      <Link to="/" className="rounded-full bg-ink px-6 py-3 font-semibold text-white hover:bg-black/80">
        {NOT_FOUND_MESSAGES.action}
      </Link>
    </section>
  );
}
