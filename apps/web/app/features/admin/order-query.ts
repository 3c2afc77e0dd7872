// The orders list's filters (docs/admin.md#orders) kept in the page's address, so a filtered view can be linked
// and reloaded, and turned into the API's query string (the list's and the CSV's).
import {
  FULFILMENT_STATES,
  ORDER_STATES,
  PAYMENT_STATES,
  REFUND_STATES,
} from '@rangrez/contract/rules/order-machines';
import { GATEWAYS } from '@rangrez/contract/rules/shipping';

export const ORDER_FILTERS = [
  { key: 'status', label: 'Order', values: ORDER_STATES },
  { key: 'payment', label: 'Payment', values: PAYMENT_STATES },
  { key: 'fulfilment', label: 'Fulfilment', values: FULFILMENT_STATES },
  { key: 'refund', label: 'Refund', values: REFUND_STATES },
  { key: 'gateway', label: 'Gateway', values: GATEWAYS },
] as const;

export type OrderFilterKey = (typeof ORDER_FILTERS)[number]['key'] | 'q' | 'from' | 'to' | 'needsAction';
const KEYS: readonly OrderFilterKey[] = [
  ...ORDER_FILTERS.map((f) => f.key),
  'q',
  'from',
  'to',
  'needsAction',
];

/** The filters of `params` that the API knows, as the API's query string (no cursor: the list adds it). */
export function orderQueryString(params: URLSearchParams, cursor?: string): string {
  const query = new URLSearchParams();
  for (const key of KEYS) {
    const value = params.get(key)?.trim();
    if (value) query.set(key, value);
  }
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}

/** `params` with `key` set to `value`, or removed when it is empty. */
export function withFilter(params: URLSearchParams, key: OrderFilterKey, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

/** A state as staff read it: 'cod_pending' -> 'cod pending'. */
export const stateLabel = (state: string) => state.replaceAll('_', ' ');
