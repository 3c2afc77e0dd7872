// Newsletter signup (docs/newsletter.md): while the welcome offer is on, an e-mail and a consent checkbox that
// subscribe with double opt-in; while it is off (or the settings could not be read), the spec's placeholder that
// only says the newsletter is coming soon and calls nothing.
import { COMING_SOON_MESSAGE } from '@rangrez/contract/rules/catalogue-messages';
import { NEWSLETTER_MESSAGES } from '@rangrez/contract/rules/newsletter-messages';
import { emailAddressProblem } from '@rangrez/contract/rules/patterns';
import type { WelcomeOffer } from '@rangrez/contract/schemas/newsletter';
import { type FormEvent, useId, useRef, useState } from 'react';
import { notify } from '../../components/toast-store';
import { api } from '../../lib/api';

interface Props {
  /** null: the placeholder. */
  offer: WelcomeOffer | null;
}

export function NewsletterBlock({ offer }: Props) {
  const headingId = `${useId()}-heading`;
  const open = offer?.enabled === true;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-ink px-6 py-10 text-center text-white">
      <h2 id={headingId} className="text-2xl font-extrabold">
        Join the Rangrez Newsletter
      </h2>
      <p className="mx-auto mt-2 max-w-lg text-neutral-300">
        {open
          ? `New drops first, and ${offer.percent}% off your first order as a welcome gift.`
          : 'New drops first, and 20% off your first order as a welcome gift. Our newsletter is launching soon.'}
      </p>
      {open ? <SubscribeForm /> : <Placeholder />}
    </section>
  );
}

const inputClass =
  'flex-1 rounded-full bg-white px-4 py-3 text-ink placeholder:text-neutral-500 outline-none ring-accent focus:ring-2';
const buttonClass =
  'rounded-full bg-accent px-6 py-3 font-bold hover:bg-accent/90 disabled:cursor-not-allowed disabled:opacity-70';

function Placeholder() {
  const inputId = useId();
  return (
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
        className={inputClass}
      />
      <button type="submit" className={buttonClass}>
        Subscribe
      </button>
    </form>
  );
}

interface Problems {
  email?: string;
  consent?: string;
  form?: string;
}

/** The form's own checks, in the server's words, so a slip is shown before any call. */
function newsletterProblems(email: string, consent: boolean): Problems {
  const problems: Problems = {};
  const emailProblem = emailAddressProblem(email, NEWSLETTER_MESSAGES);
  if (emailProblem) problems.email = emailProblem;
  if (!consent) problems.consent = NEWSLETTER_MESSAGES.consentRequired;
  return problems;
}

function SubscribeForm() {
  const id = useId();
  const [problems, setProblems] = useState<Problems>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '');
    const consent = data.get('consent') === 'on';
    const found = newsletterProblems(email, consent);
    setProblems(found);
    if (found.email) return emailRef.current?.focus();
    if (found.consent) return consentRef.current?.focus();
    setSending(true);
    try {
      const answer = await api<{ message: string }>('/newsletter/subscribe', {
        method: 'POST',
        body: { email: email.trim(), consent: true },
        auth: false,
      });
      setDone(answer.message);
    } catch (err) {
      setProblems({ form: err instanceof Error ? err.message : String(err) });
    } finally {
      setSending(false);
    }
  }

  if (done) {
    return (
      <p role="status" className="mx-auto mt-6 max-w-md font-semibold">
        {done}
      </p>
    );
  }
  const described = (key: keyof Problems) => (problems[key] ? `${id}-${key}-error` : undefined);
  return (
    <form noValidate onSubmit={onSubmit} className="mx-auto mt-6 flex max-w-md flex-col gap-3 text-left">
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          ref={emailRef}
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Your email address"
          aria-invalid={problems.email ? true : undefined}
          aria-describedby={described('email')}
          className={inputClass}
        />
        <button type="submit" disabled={sending} className={buttonClass}>
          Subscribe
        </button>
      </div>
      {problems.email ? (
        <p id={`${id}-email-error`} className="text-sm text-red-300">
          {problems.email}
        </p>
      ) : null}
      <label className="flex items-start gap-2 text-sm text-neutral-200">
        <input
          ref={consentRef}
          type="checkbox"
          name="consent"
          aria-invalid={problems.consent ? true : undefined}
          aria-describedby={described('consent')}
          className="mt-0.5 h-4 w-4 accent-accent"
        />
        <span>{NEWSLETTER_MESSAGES.consentLine}</span>
      </label>
      {problems.consent ? (
        <p id={`${id}-consent-error`} className="text-sm text-red-300">
          {problems.consent}
        </p>
      ) : null}
      {problems.form ? (
        <p role="alert" className="text-sm text-red-300">
          {problems.form}
        </p>
      ) : null}
    </form>
  );
}
