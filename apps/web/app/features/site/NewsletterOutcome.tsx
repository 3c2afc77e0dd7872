// What the newsletter's e-mail links open (docs/newsletter.md): the confirmation and the unsubscribe page, each
// done on the server before the page is sent, so it works without any script.
import type { NewsletterOutcome as Outcome } from '@rangrez/contract/services';
import { Link } from 'react-router';

export function NewsletterOutcome({ title, outcome }: { title: string; outcome: Outcome }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-black tracking-tight">{title}</h1>
      <p
        role={outcome.ok ? 'status' : 'alert'}
        className={`mt-6 text-lg ${outcome.ok ? 'text-neutral-800' : 'text-red-700'}`}
      >
        {outcome.message}
      </p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-full bg-ink px-6 py-3 font-bold text-white hover:bg-ink/90"
      >
        Continue shopping
      </Link>
    </div>
  );
}
