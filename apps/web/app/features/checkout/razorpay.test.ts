import { describe, expect, it, vi } from 'vitest';
import {
  type RazorpayConstructor,
  type RazorpayFailure,
  type RazorpayOptions,
  loadRazorpay,
  payWithRazorpay,
} from './razorpay';

/** Just enough of a document to watch the loader: script tags are recorded, never fetched. */
function fakeDocument() {
  const win: { Razorpay?: RazorpayConstructor } = {};
  const scripts: {
    src: string;
    onload: (() => void) | null;
    onerror: (() => void) | null;
    removed: boolean;
  }[] = [];
  const doc = {
    defaultView: win,
    createElement: () => {
      const script = { src: '', async: false, onload: null, onerror: null, removed: false, remove: () => {} };
      script.remove = () => {
        script.removed = true;
      };
      return script;
    },
    head: { appendChild: (script: (typeof scripts)[number]) => scripts.push(script) },
  } as unknown as Document;
  return { doc, win, scripts };
}

describe('loading the checkout script', () => {
  it('adds one script tag and resolves with window.Razorpay', async () => {
    const { doc, win, scripts } = fakeDocument();
    const Fake = vi.fn() as unknown as RazorpayConstructor;
    const first = loadRazorpay('/__razorpay/checkout.js', doc);
    const second = loadRazorpay('/__razorpay/checkout.js', doc);
    expect(scripts.map((s) => s.src)).toEqual(['/__razorpay/checkout.js']);
    win.Razorpay = Fake;
    scripts[0]!.onload?.();
    await expect(first).resolves.toBe(Fake);
    await expect(second).resolves.toBe(Fake);
    // Loaded once: later payments reuse it without another tag.
    await expect(loadRazorpay('/__razorpay/checkout.js', doc)).resolves.toBe(Fake);
    expect(scripts).toHaveLength(1);
  });

  it("fails with 'Failed to load Razorpay script' and can be tried again", async () => {
    const { doc, win, scripts } = fakeDocument();
    const attempt = loadRazorpay('/__razorpay/checkout.js', doc);
    scripts[0]!.onerror?.();
    await expect(attempt).rejects.toThrow('Failed to load Razorpay script');
    expect(scripts[0]!.removed).toBe(true);
    const again = loadRazorpay('/__razorpay/checkout.js', doc);
    expect(scripts).toHaveLength(2);
    win.Razorpay = vi.fn() as unknown as RazorpayConstructor;
    scripts[1]!.onload?.();
    await expect(again).resolves.toBe(win.Razorpay);
  });

  it('fails when the script loads but defines no window.Razorpay', async () => {
    const { doc, scripts } = fakeDocument();
    const attempt = loadRazorpay('/other.js', doc);
    scripts[0]!.onload?.();
    await expect(attempt).rejects.toThrow('Failed to load Razorpay script');
  });
});

describe('the pop-up', () => {
  function fakeProvider() {
    const made: { options: RazorpayOptions; failed: ((r: RazorpayFailure) => void)[]; opened: boolean }[] =
      [];
    const Provider = function (this: unknown, options: RazorpayOptions) {
      const entry = { options, failed: [] as ((r: RazorpayFailure) => void)[], opened: false };
      made.push(entry);
      return {
        open: () => {
          entry.opened = true;
        },
        on: (_event: string, cb: (r: RazorpayFailure) => void) => entry.failed.push(cb),
      };
    } as unknown as RazorpayConstructor;
    return { Provider, made };
  }
  const options = { key: 'rzp_test', amount: 79900, currency: 'INR', order_id: 'order_1' };

  it('opens with retries off and settles with the signed payment', async () => {
    const { Provider, made } = fakeProvider();
    const outcome = payWithRazorpay(Provider, options);
    const entry = made[0]!;
    expect(entry.opened).toBe(true);
    expect(entry.options).toMatchObject({ ...options, retry: { enabled: false } });
    const response = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_1', razorpay_signature: 's' };
    entry.options.handler(response);
    entry.options.modal?.ondismiss?.();
    await expect(outcome).resolves.toEqual({ kind: 'paid', response });
  });

  it("settles with the provider's reason when the payment fails, even if the pop-up then closes", async () => {
    const { Provider, made } = fakeProvider();
    const outcome = payWithRazorpay(Provider, options);
    made[0]!.failed.forEach((cb) => cb({ error: { description: 'Payment failed as per the test outcome' } }));
    made[0]!.options.modal?.ondismiss?.();
    await expect(outcome).resolves.toEqual({
      kind: 'failed',
      message: 'Payment failed as per the test outcome',
    });
  });

  it('settles as dismissed when the shopper closes it', async () => {
    const { Provider, made } = fakeProvider();
    const outcome = payWithRazorpay(Provider, options);
    made[0]!.options.modal?.ondismiss?.();
    await expect(outcome).resolves.toEqual({ kind: 'dismissed' });
  });
});
