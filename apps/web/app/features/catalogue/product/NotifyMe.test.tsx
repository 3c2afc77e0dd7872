// @vitest-environment happy-dom
import { errorResponseSchema } from '@rangrez/contract/errors';
import { successMessageResponseSchema } from '@rangrez/contract/schemas';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { NotifyMe } from './NotifyMe';

afterEach(cleanup);

const asked: { url: string; body: unknown }[] = [];
let reply: () => Response;
beforeEach(() => {
  asked.length = 0;
  reply = () =>
    apiResponse(successMessageResponseSchema, {
      success: true,
      message: 'We will email you when it is back in stock.',
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      asked.push({ url, body: JSON.parse(String(init.body)) });
      return reply();
    }),
  );
});

const PRODUCT = '0b8c6f3e-5d2a-4c1b-9e7f-1a2b3c4d5e6f';

describe('Notify me', () => {
  it('takes a visitor’s address for the whole product and says what will happen', async () => {
    render(<NotifyMe productId={PRODUCT} shopperEmail={null} />);
    const form = screen.getByRole('form', { name: 'Out of stock. Get an email when it is back.' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'meera@example.in' } });
    fireEvent.submit(form);
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'We will email you when it is back in stock.',
    );
    expect(asked).toEqual([
      { url: `/api/v1/products/${PRODUCT}/notify`, body: { email: 'meera@example.in' } },
    ]);
  });

  it('asks for a signed-in shopper at their address in one click, naming the sold-out size chosen', async () => {
    render(
      <NotifyMe
        productId={PRODUCT}
        shopperEmail="arjun@example.in"
        variant={{ color: 'Bk', sizes: ['M', 'L'] }}
      />,
    );
    expect(
      screen.getByRole('form', {
        name: 'Some sizes are sold out in Black. Get an email when yours is back.',
      }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'L' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me at arjun@example.in' }));
    await screen.findByRole('status');
    expect(asked.map((a) => a.body)).toEqual([{ email: 'arjun@example.in', size: 'L', color: 'Bk' }]);
  });

  it('shows the server’s refusal and keeps the form', async () => {
    reply = () =>
      apiResponse(
        errorResponseSchema,
        { success: false, message: 'This is in stock now: you can order it.' },
        409,
      );
    render(
      <NotifyMe
        productId={PRODUCT}
        shopperEmail="arjun@example.in"
        variant={{ color: 'Wh', sizes: ['S'] }}
      />,
    );
    expect(
      screen.getByRole('form', { name: 'Size S is sold out in White. Get an email when it is back.' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Notify me at arjun@example.in' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This is in stock now: you can order it.',
    );
    expect(screen.getByRole('button', { name: 'Notify me at arjun@example.in' })).toBeTruthy();
  });

  it('refuses an empty or mistyped address in the server’s words, without a call', () => {
    render(<NotifyMe productId={PRODUCT} shopperEmail={null} />);
    const form = screen.getByRole('form', { name: 'Out of stock. Get an email when it is back.' });
    const field = screen.getByLabelText('Email');
    fireEvent.submit(form);
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email address.');
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'meera@example' } });
    fireEvent.submit(form);
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(asked).toEqual([]);
  });
});
