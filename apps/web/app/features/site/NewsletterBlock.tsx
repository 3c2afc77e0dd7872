// Newsletter signup (docs/product/screens.md#about-and-contact): a placeholder promising the 20% welcome discount.
import { COMING_SOON_MESSAGE } from '@rangrez/contract/rules/catalogue-messages';
import { useId } from 'react';
import { notify } from '../../components/toast-store';

export function NewsletterBlock() {
  const inputId = useId();
  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      className="rounded-2xl bg-ink px-6 py-10 text-center text-white"
    >
      <h2 id={`${inputId}-heading`} className="text-2xl font-extrabold">
        Join the Rangrez Newsletter
      </h2>
      <p className="mx-auto mt-2 max-w-lg text-neutral-300">
        New drops first, and 20% off your first order as a welcome gift. Our newsletter is launching soon.
      </p>
      <form
        className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row"
        onSubmit={(event) => {
          event.preventDefault();
          notify(COMING_SOON_MESSAGE);
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Email address
        </label>
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Your email address"
          className="flex-1 rounded-full px-4 py-3 text-ink outline-none ring-accent focus:ring-2"
        />
        <button type="submit" className="rounded-full bg-accent px-6 py-3 font-bold hover:bg-accent/90">
          Subscribe
        </button>
      </form>
    </section>
  );
}
