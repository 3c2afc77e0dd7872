// The order state machines and the status a shopper sees (docs/orders-lifecycle.md), as pure functions.
import { describe, expect, it } from 'vitest';
import { newOrderNumber } from '../src/modules/orders/numbers.ts';
import { canTransition, displayStatus } from '../src/modules/orders/state-machine.ts';

describe('state machines', () => {
  it('allows the moves of a paid order and refuses going back', () => {
    expect(canTransition('order', 'payment_pending', 'confirmed')).toBe(true);
    expect(canTransition('order', 'payment_pending', 'expired')).toBe(true);
    expect(canTransition('order', 'expired', 'confirmed')).toBe(true);
    expect(canTransition('order', 'cancelled', 'confirmed')).toBe(false);
    expect(canTransition('order', 'confirmed', 'payment_pending')).toBe(false);
    expect(canTransition('payment', 'failed', 'captured')).toBe(true);
    expect(canTransition('payment', 'captured', 'failed')).toBe(false);
    expect(canTransition('refund', 'refunded', 'none')).toBe(false);
    expect(canTransition('fulfilment', 'queued', 'submitted')).toBe(true);
    expect(canTransition('fulfilment', 'delivered', 'processing')).toBe(false);
    expect(canTransition('fulfilment', 'cancelled', 'queued')).toBe(false);
  });
});

describe('displayStatus', () => {
  const show = (state: string, paymentState: string, fulfilmentState: string, refundState = 'none') =>
    displayStatus({ state, paymentState, fulfilmentState, refundState } as Parameters<typeof displayStatus>[0]);

  it('derives the shopper-visible word from the four states', () => {
    expect(show('payment_pending', 'pending', 'not_started')).toBe('payment_pending');
    expect(show('payment_pending', 'failed', 'not_started')).toBe('payment_failed');
    expect(show('confirmed', 'cod_pending', 'queued')).toBe('confirmed');
    expect(show('confirmed', 'captured', 'submitted')).toBe('processing');
    expect(show('confirmed', 'captured', 'exception')).toBe('processing');
    expect(show('confirmed', 'captured', 'shipped')).toBe('shipped');
    expect(show('confirmed', 'collected', 'delivered')).toBe('delivered');
    expect(show('confirmed', 'failed', 'returned')).toBe('disputed');
    expect(show('cancelled', 'captured', 'cancelled', 'pending')).toBe('cancelled');
    expect(show('cancelled', 'captured', 'cancelled', 'refunded')).toBe('refunded');
    expect(show('expired', 'pending', 'not_started')).toBe('cancelled');
    expect(show('cancel_requested', 'cod_pending', 'submitted')).toBe('cancellation_requested');
  });
});

describe('order numbers', () => {
  it('are at most 15 letters and digits, and differ from one another', () => {
    const at = new Date('2026-11-21T10:00:00.000Z');
    // 100 in one millisecond share the time part; 5 random base-36 characters make a clash about 1 in 12,000 runs
    // (2,000 here clashed in 3% of runs; a real clash only draws again, under the unique index).
    const numbers = new Set(Array.from({ length: 100 }, () => newOrderNumber(at)));
    expect(numbers.size).toBe(100);
    for (const n of numbers) expect(n).toMatch(/^RZ[A-Z0-9]{13}$/);
    expect(newOrderNumber(new Date('2099-01-01T00:00:00.000Z'))).toMatch(/^RZ[A-Z0-9]{13}$/);
  });
});
