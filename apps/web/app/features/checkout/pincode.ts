// PIN auto-detect (docs/integrations.md#pin-code-directory): with 6 digits, our GET /pincode/{pin} (the public India
// Post lookup's shape, docs/decisions/005) fills city and state. Pure reading of the answer, plus the call itself.
import { PINCODE_MESSAGES } from '@rangrez/contract/rules/checkout-messages';
import { stripCityInput } from '@rangrez/contract/rules/checkout-validators';
import { PIN_CODE_PATTERN } from '@rangrez/contract/rules/patterns';
import { normaliseStateName } from '@rangrez/contract/rules/states';
import type { PostalLookupResponse } from '@rangrez/contract/schemas';
import { ApiError, api } from '../../lib/api';

export type PincodeLookup =
  { kind: 'found'; city: string; state: string; message: string } | { kind: 'error'; message: string };

/** City (the district) and state from the lookup's first entry (Status and PostOffice[0]). */
export function readPincodeAnswer(answer: unknown): PincodeLookup {
  const first = Array.isArray(answer) ? (answer[0] as PostalLookupResponse[number] | undefined) : undefined;
  const office = first?.Status === 'Success' ? first.PostOffice?.[0] : undefined;
  if (!office) return { kind: 'error', message: PINCODE_MESSAGES.notFound };
  return {
    kind: 'found',
    // District names such as 'Y.S.R.' carry characters the city field does not accept.
    city: stripCityInput(office.District).replace(/\s+/g, ' ').trim(),
    // Older spellings ('Orissa') select their current name; anything else leaves the select for the shopper.
    state: normaliseStateName(office.State) ?? '',
    message: PINCODE_MESSAGES.autoDetected,
  };
}

/** Looks a complete PIN up; never throws (every failure is one of the documented messages). */
export async function lookupPincode(pin: string, signal?: AbortSignal): Promise<PincodeLookup> {
  if (!PIN_CODE_PATTERN.test(pin)) return { kind: 'error', message: PINCODE_MESSAGES.invalidFormat };
  try {
    const answer = await api<unknown>(`/pincode/${pin}`, { auth: false, signal });
    return readPincodeAnswer(answer);
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof ApiError && error.status === 400) {
      return { kind: 'error', message: PINCODE_MESSAGES.invalidFormat };
    }
    if (error instanceof ApiError && error.status === 404) {
      return { kind: 'error', message: PINCODE_MESSAGES.notFound };
    }
    return { kind: 'error', message: PINCODE_MESSAGES.lookupFailed };
  }
}
