// Builds the payment gateway from configuration. PAYMENTS=razorpay: the REST client against api.razorpay.com.
// PAYMENTS=sandbox: the same client against the local sandbox, which is mounted under /__razorpay.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import type { PaymentGateway } from './port.ts';
import { createRazorpayClient, RAZORPAY_API_BASE, RAZORPAY_CHECKOUT_SCRIPT } from './razorpay-client.ts';
import { createRazorpaySandbox, type RazorpaySandbox } from './sandbox/sandbox.ts';

export const SANDBOX_PREFIX = '/__razorpay';

export interface PaymentsSetup {
  gateway: PaymentGateway;
  /** Only with PAYMENTS=sandbox: mount `sandbox.routes` under SANDBOX_PREFIX. */
  sandbox?: RazorpaySandbox;
}

export function createPayments(
  config: Config,
  deps: { db: Db; localFetch: typeof fetch; clock: Clock; log?: Pick<FastifyBaseLogger, 'warn'> },
): PaymentsSetup {
  const p = config.payments;
  if (p.provider === 'razorpay') {
    return {
      gateway: createRazorpayClient({
        keyId: p.keyId,
        keySecret: p.keySecret,
        webhookSecret: p.webhookSecret,
        apiBase: p.apiBase ?? RAZORPAY_API_BASE,
        checkoutScriptUrl: RAZORPAY_CHECKOUT_SCRIPT,
      }),
    };
  }
  const ownOrigin = new URL(config.publicUrl).origin;
  const sandbox = createRazorpaySandbox({
    db: deps.db,
    keyId: p.keyId,
    keySecret: p.keySecret,
    webhookSecret: p.webhookSecret,
    webhookUrl: p.sandboxWebhookUrl,
    webhookMode: p.sandboxWebhooks,
    // Webhooks to the store itself are delivered in-process, so they work wherever PUBLIC_URL points.
    fetch: new URL(p.sandboxWebhookUrl).origin === ownOrigin ? deps.localFetch : fetch,
    log: deps.log,
    now: () => deps.clock.now(),
  });
  return {
    gateway: createRazorpayClient({
      keyId: p.keyId,
      keySecret: p.keySecret,
      webhookSecret: p.webhookSecret,
      apiBase: p.apiBase ?? `${config.publicUrl}${SANDBOX_PREFIX}`,
      // A path, not a URL: the script must come from the page's own origin to pass script-src 'self'.
      checkoutScriptUrl: `${SANDBOX_PREFIX}/checkout.js`,
      ...(p.apiBase ? {} : { fetch: deps.localFetch }),
    }),
    sandbox,
  };
}
