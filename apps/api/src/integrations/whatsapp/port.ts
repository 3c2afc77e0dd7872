// The WhatsApp port (docs/cod-confirmation.md#whatsapp): the store sends a cash-on-delivery order's confirmation
// request as an approved template with two quick-reply buttons, and reads the replies from signed webhooks. Two
// implementations speak Meta's WhatsApp Cloud API: the real Graph API, and the local stand-in under /__whatsapp.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a confirmation request or reminder says; the template's body slots, in order. */
export interface ConfirmRequest {
  /** International without '+': 91 and the ten-digit mobile. */
  to: string;
  orderNumber: string;
  /** The total to pay on delivery, in words for the message ("₹1,848"). */
  amount: string;
}

/** Meta refused the message for good (an unknown number, a missing template): SMS takes over. */
export class WhatsAppRefused extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message);
  }
}

export interface WhatsAppMessenger {
  /** The message's id (wamid...). Throws WhatsAppRefused when Meta refuses it, any other error when unreachable. */
  sendConfirmRequest(request: ConfirmRequest): Promise<{ messageId: string }>;
}

/** The approved template's name, and the quick-reply payloads its buttons carry back. */
export const COD_TEMPLATE = 'cod_confirm';
export const replyPayload = (action: 'CONFIRM' | 'CANCEL', orderNumber: string) => `${action}:${orderNumber}`;

/** A reply's payload read back: what the shopper chose for which order; null for anything else. */
export function parseReplyPayload(
  payload: string,
): { action: 'confirm' | 'cancel'; orderNumber: string } | null {
  const match = /^(CONFIRM|CANCEL):([A-Za-z0-9]{1,15})$/.exec(payload);
  if (!match) return null;
  return { action: match[1] === 'CONFIRM' ? 'confirm' : 'cancel', orderNumber: match[2] as string };
}

/** An Indian mobile as WhatsApp wants it: 91 and the last ten digits of what the shopper typed. */
export function waNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `91${digits.slice(-10)}`;
}

// Meta signs every webhook: X-Hub-Signature-256 = 'sha256=' + hex HMAC-SHA256 of the raw body with the app secret.
export const signatureOf = (raw: Buffer | string, appSecret: string) =>
  `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;

/** Constant-time check of the header against the raw bytes received. */
export function isSignedBy(raw: Buffer, header: string | string[] | undefined, appSecret: string): boolean {
  const given = Array.isArray(header) ? header[0] : header;
  if (!given) return false;
  const expected = Buffer.from(signatureOf(raw, appSecret));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
