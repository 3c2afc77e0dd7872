// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { errorResponseSchema } from '@rangrez/contract/errors';
import { successMessageResponseSchema } from '@rangrez/contract/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../lib/test-helpers';
import { NewsletterBlock } from './NewsletterBlock';

const OFFER = { enabled: true, percent: 20, cap: 300, minSubtotal: 0 };
const CHECK_INBOX = 'Almost there! Check your inbox and open the link we sent to confirm your subscription.';
let answer: () => Response;
let calls: Array<{ url: string; body: unknown }>;
const flush = () => act(async () => {});

beforeEach(() => {
  calls = [];
  answer = () => apiResponse(successMessageResponseSchema, { success: true, message: CHECK_INBOX });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return answer();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const email = () => screen.getByLabelText('Email address') as HTMLInputElement;
const consent = () =>
  screen.getByLabelText('Send me new drops and offers. Unsubscribe any time.') as HTMLInputElement;
const subscribe = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
  await flush();
};

describe('NewsletterBlock', () => {
  it('subscribes with the address and the consent, then tells the shopper to check their inbox', async () => {
    render(<NewsletterBlock offer={OFFER} />);
    expect(screen.getByText('New drops first, and 20% off your first order as a welcome gift.')).toBeTruthy();
    fireEvent.change(email(), { target: { value: ' Meera@Example.in ' } });
    fireEvent.click(consent());
    await subscribe();
    expect(calls).toEqual([
      { url: '/api/v1/newsletter/subscribe', body: { email: 'Meera@Example.in', consent: true } },
    ]);
    expect(screen.getByRole('status').textContent).toBe(CHECK_INBOX);
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('shows each slip beside its field, focuses it, and calls nothing', async () => {
    render(<NewsletterBlock offer={OFFER} />);
    await subscribe();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    const describedBy = email().getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('Please enter your e-mail address');
    expect(document.activeElement).toBe(email());
    fireEvent.change(email(), { target: { value: 'meera@example' } });
    await subscribe();
    expect(document.getElementById(email().getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter a valid e-mail address',
    );
    fireEvent.change(email(), { target: { value: 'meera@example.in' } });
    await subscribe();
    expect(email().getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(consent().getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please tick the box to agree to our e-mails',
    );
    expect(document.activeElement).toBe(consent());
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal as an alert and keeps the form", async () => {
    answer = () =>
      apiResponse(
        errorResponseSchema,
        { success: false, message: 'Too many requests. Please try again later.' },
        429,
      );
    render(<NewsletterBlock offer={OFFER} />);
    fireEvent.change(email(), { target: { value: 'meera@example.in' } });
    fireEvent.click(consent());
    await subscribe();
    expect(screen.getByRole('alert').textContent).toBe('Too many requests. Please try again later.');
    expect(email().value).toBe('meera@example.in');
  });

  it('is the placeholder while the offer is off: no consent box, no call, the coming-soon message', async () => {
    render(<NewsletterBlock offer={{ ...OFFER, enabled: false }} />);
    expect(
      screen.getByText(
        'New drops first, and 20% off your first order as a welcome gift. Our newsletter is launching soon.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.change(email(), { target: { value: 'meera@example.in' } });
    await subscribe();
    expect(calls).toEqual([]);
  });
});
