// Razorpay's two signatures, computed exactly as razorpay-node's utils do (lib/utils/razorpay-utils.js), but
// compared in constant time and never throwing: the SDK's versions compare with === and throw on a missing value,
// and a verification endpoint must answer "no" to garbage rather than 500.
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/;

function hmacHex(secret: string, message: Buffer | string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** What the checkout hands to `handler` as razorpay_signature: hex HMAC-SHA256(key_secret, orderId|paymentId). */
export function signPayment(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/** X-Razorpay-Signature of a webhook: hex HMAC-SHA256(webhook_secret, raw body). */
export function signWebhook(rawBody: Buffer | string, webhookSecret: string): string {
  return hmacHex(webhookSecret, rawBody);
}

function sameHex(expected: string, given: unknown): boolean {
  // Razorpay sends lower-case hex; anything else cannot be a signature of ours.
  if (typeof given !== 'string' || !HEX_SHA256.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'latin1'), Buffer.from(given, 'latin1'));
}

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;

export function isValidPaymentSignature(
  input: { orderId: unknown; paymentId: unknown; signature: unknown },
  keySecret: string,
): boolean {
  if (!nonEmpty(input.orderId) || !nonEmpty(input.paymentId) || !keySecret) return false;
  return sameHex(signPayment(input.orderId, input.paymentId, keySecret), input.signature);
}

export function isValidWebhookSignature(
  rawBody: unknown,
  signature: unknown,
  webhookSecret: string,
): boolean {
  if (!(typeof rawBody === 'string' || Buffer.isBuffer(rawBody)) || !webhookSecret) return false;
  return sameHex(signWebhook(rawBody, webhookSecret), signature);
}
