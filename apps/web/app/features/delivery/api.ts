// GET /delivery/{pincode} from the browser (docs/delivery.md): the promise for a PIN, or the message to show.
import { CHECKOUT_MESSAGES } from '@rangrez/contract/rules/validation-messages';
import { NETWORK_MESSAGES } from '@rangrez/contract/rules/site-messages';
import { PIN_CODE_PATTERN } from '@rangrez/contract/rules/patterns';
import type { DeliveryLookup } from '@rangrez/contract/schemas';
import { ApiError, api } from '../../lib/api';

export type DeliveryCheck = { kind: 'found'; lookup: DeliveryLookup } | { kind: 'error'; message: string };

/** Never throws but for an abort: every failure is a message for the shopper. */
export async function checkDelivery(
  pin: string,
  productId: string | undefined,
  signal?: AbortSignal,
): Promise<DeliveryCheck> {
  if (!PIN_CODE_PATTERN.test(pin)) return { kind: 'error', message: CHECKOUT_MESSAGES.pincodeInvalid };
  const query = productId ? `?productId=${productId.split(',').map(encodeURIComponent).join(',')}` : '';
  try {
    const lookup = await api<DeliveryLookup>(`/delivery/${pin}${query}`, { auth: false, signal });
    return { kind: 'found', lookup };
  } catch (error) {
    if (signal?.aborted) throw error;
    // The API's own words for a malformed or unknown PIN; a network failure says what happened.
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) {
      return { kind: 'error', message: error.message };
    }
    return { kind: 'error', message: error instanceof Error ? error.message : NETWORK_MESSAGES.requestFailed };
  }
}

const PIN_KEY = 'rangrez.deliveryPin';

/** The PIN the shopper last checked in this tab's visit (sessionStorage), or null. */
export function rememberedPin(): string | null {
  try {
    const pin = window.sessionStorage.getItem(PIN_KEY);
    return pin && PIN_CODE_PATTERN.test(pin) ? pin : null;
  } catch {
    return null;
  }
}

export function rememberPin(pin: string): void {
  try {
    window.sessionStorage.setItem(PIN_KEY, pin);
  } catch {
    // Storage refused (privacy modes): the PIN is simply not remembered.
  }
}
