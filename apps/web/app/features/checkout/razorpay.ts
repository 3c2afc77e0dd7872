// The payment provider's browser side (docs/integrations.md#razorpay): load its checkout
// script with a <script> tag, open the pop-up, and turn its callbacks into one outcome. The sandbox serves the
// same `window.Razorpay` API from /__razorpay/checkout.js (docs/decisions/006); GET /razorpay/config says which.
import { PAYMENT_MESSAGES } from '@rangrez/contract/rules/checkout-messages';

interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayFailure {
  error?: { code?: string; description?: string; reason?: string };
}

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name?: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  notes?: Record<string, string>;
  theme?: { color?: string };
  handler: (response: RazorpaySuccess) => void;
  modal?: { ondismiss?: () => void; escape?: boolean };
  retry?: { enabled: boolean };
}

interface RazorpayInstance {
  open(): void;
  close?(): void;
  on(event: 'payment.failed', callback: (response: RazorpayFailure) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

export class PaymentScriptError extends Error {
  constructor() {
    super(PAYMENT_MESSAGES.razorpayScriptFailed);
    this.name = 'PaymentScriptError';
  }
}

const loading = new WeakMap<Document, { src: string; promise: Promise<RazorpayConstructor> }>();

/** Loads the checkout script once per page; a failed load can be tried again. */
export function loadRazorpay(src: string, doc: Document = document): Promise<RazorpayConstructor> {
  const win = doc.defaultView;
  if (win?.Razorpay) return Promise.resolve(win.Razorpay);
  const pending = loading.get(doc);
  if (pending?.src === src) return pending.promise;
  const promise = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      if (win?.Razorpay) resolve(win.Razorpay);
      else fail();
    };
    script.onerror = () => fail();
    function fail() {
      script.remove();
      loading.delete(doc);
      reject(new PaymentScriptError());
    }
    doc.head.appendChild(script);
  });
  loading.set(doc, { src, promise });
  return promise;
}

export type PaymentOutcome =
  { kind: 'paid'; response: RazorpaySuccess } | { kind: 'failed'; message: string } | { kind: 'dismissed' };

/**
 * Opens the pop-up and settles with the first outcome. Retries inside the pop-up are turned off: a declined payment
 * closes it and the page shows the provider's reason; Place Order then pays the same provider order again.
 */
export function payWithRazorpay(
  Razorpay: RazorpayConstructor,
  options: Omit<RazorpayOptions, 'handler' | 'modal' | 'retry'>,
): Promise<PaymentOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: PaymentOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const checkout = new Razorpay({
      ...options,
      handler: (response) => settle({ kind: 'paid', response }),
      modal: { ondismiss: () => settle({ kind: 'dismissed' }) },
      retry: { enabled: false },
    });
    checkout.on('payment.failed', (response) =>
      settle({ kind: 'failed', message: response.error?.description || PAYMENT_MESSAGES.fallback }),
    );
    checkout.open();
  });
}
