// @vitest-environment happy-dom
// The payment sandbox's pop-up (integrations/razorpay/sandbox/checkout.browser.js) names the amount whether the
// store's page gives it in paise as a number or as a numeric string, as Razorpay's own checkout accepts both.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

type RazorpayCtor = new (options: Record<string, unknown>) => { open(): unknown; close(): unknown };

beforeAll(async () => {
  // happy-dom's import.meta.url is not a file URL; the path is resolved from this file's directory instead.
  const source = await readFile(
    path.join(import.meta.dirname, '../src/integrations/razorpay/sandbox/checkout.browser.js'),
    'utf8',
  );
  // happy-dom's <dialog> may lack showModal; the pop-up only needs it to open.
  const proto = window.HTMLDialogElement?.prototype as { showModal?: () => void } | undefined;
  if (proto && typeof proto.showModal !== 'function') {
    proto.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  }
  new Function(source)();
});

afterEach(() => {
  document.body.innerHTML = '';
});

const summaryFor = (amount: unknown) => {
  const Razorpay = (window as unknown as { Razorpay: RazorpayCtor }).Razorpay;
  new Razorpay({ key: 'rzp_test_x', order_id: 'order_1', amount, currency: 'INR', name: 'Rangrez' }).open();
  return document.getElementById('rzp-sandbox-summary')?.textContent;
};

describe('sandbox checkout pop-up', () => {
  it.each([
    ['a number', 84900],
    ['a numeric string', '84900'],
  ])('shows the amount given as %s', (_kind, amount) => {
    expect(summaryFor(amount)).toBe('₹849.00 · Test payment (Razorpay sandbox)');
  });

  it('shows no amount for text that is not a number', () => {
    expect(summaryFor('849 rupees')).toBe(' · Test payment (Razorpay sandbox)');
  });
});
