// The orders desk's calls (docs/admin.md#orders): the list, the order page, the needs-action queue and the actions
// on an order, each answer parsed with the contract's schema.
import {
  type AdminCancelBody,
  type AdminRefundBody,
  adminOrderActionResponseSchema,
  adminRefundResponseSchema,
} from '@rangrez/contract/schemas/admin-orders';
import {
  type AdminOrderAddressBody,
  adminDeskActionResponseSchema,
  adminOrderDetailResponseSchema,
  adminOrderListResponseSchema,
  needsActionCountResponseSchema,
  needsActionResponseSchema,
} from '@rangrez/contract/schemas/admin-orders-desk';
import type { SignedInCall } from './api-call';

/** Every call of the queue answers success with a message, or a refund (whose words the queue writes itself). */
const queueAnswerSchema = {
  parse(value: unknown): { message?: string } {
    const message = (value as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? { message } : {};
  },
};

const order = (id: string) => `/orders/${encodeURIComponent(id)}`;

export function orderCalls(signedIn: SignedInCall) {
  const act = (id: string, path: string) =>
    signedIn(`${order(id)}${path}`, adminDeskActionResponseSchema, { method: 'POST' });
  return {
    /** `query` as orderQueryString builds it. */
    orders: (query: string) => signedIn(`/orders?${query}`, adminOrderListResponseSchema),
    order: (id: string) => signedIn(order(id), adminOrderDetailResponseSchema).then((a) => a.order),
    needsAction: () => signedIn('/orders/needs-action', needsActionResponseSchema).then((a) => a.entries),
    needsActionCount: () =>
      signedIn('/needs-action/count', needsActionCountResponseSchema).then((a) => a.count),
    addNote: (id: string, body: string) =>
      signedIn(`${order(id)}/notes`, adminDeskActionResponseSchema, { method: 'POST', body: { body } }),
    editAddress: (id: string, body: AdminOrderAddressBody) =>
      signedIn(`${order(id)}/address`, adminDeskActionResponseSchema, { method: 'PATCH', body }),
    resend: (id: string) => act(id, '/resend'),
    confirmCancellation: (id: string) => act(id, '/cancellation/confirm'),
    cancellationTooLate: (id: string) => act(id, '/cancellation/too-late'),
    /** Staff's word on a COD order waiting for it: confirmed after a call, or cancelled, with a note. */
    codConfirmation: (id: string, body: { action: 'confirm' | 'cancel'; note: string }) =>
      signedIn(`${order(id)}/cod-confirmation`, adminDeskActionResponseSchema, { method: 'POST', body }),
    cancelOrder: (id: string, body: AdminCancelBody) =>
      signedIn(`${order(id)}/cancel`, adminOrderActionResponseSchema, { method: 'POST', body }),
    /**
     * One of the needs-action queue's calls, by the path the server gave (docs/admin.md#the-needs-action-queue):
     * answered with its message when it has one.
     */
    post: (path: string, body?: unknown) =>
      // The queue names admin paths ('/admin/orders/...'); the client adds '/api/v1/admin' itself.
      signedIn(path.replace(/^\/admin(?=\/)/, ''), queueAnswerSchema, {
        method: 'POST',
        ...(body === undefined ? {} : { body }),
      }),
    refundOrder: (id: string, body: AdminRefundBody) =>
      signedIn(`${order(id)}/refunds`, adminRefundResponseSchema, { method: 'POST', body }),
  };
}
