import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:p-8">
        <h1 className="text-3xl font-black tracking-tight">{title}</h1>
        <p className="mb-6 mt-2 text-neutral-600">{subtitle}</p>
        {children}
      </div>
    </div>
  );
}

export function OrDivider() {
  return (
    <div
      className="my-6 flex items-center gap-3 text-xs font-semibold uppercase text-neutral-500"
      aria-hidden="true"
    >
      <span className="h-px flex-1 bg-black/10" />
      or
      <span className="h-px flex-1 bg-black/10" />
    </div>
  );
}

export function TermsNote({ action }: { action: string }) {
  return (
    <p className="mt-4 text-center text-xs text-neutral-500">
      By {action}, you agree to our{' '}
      <Link to="/terms" className="underline underline-offset-2">
        Terms of Service
      </Link>{' '}
      and{' '}
      <Link to="/privacy" className="underline underline-offset-2">
        Privacy Policy
      </Link>
      .
    </p>
  );
}
