// The back office's defect returns (docs/admin.md#returns): the list by state, a return's page, and the decisions.
import {
  type AdminReturnRefundBody,
  adminReturnListResponseSchema,
  adminReturnResponseSchema,
} from '@rangrez/contract/schemas/returns';
import type { SignedInCall } from './api-call';

const ret = (id: string) => `/returns/${encodeURIComponent(id)}`;

export type ReturnAction = 'approve' | 'reject' | 'pickup' | 'received' | 'reprint' | 'refund';

export function returnCalls(signedIn: SignedInCall) {
  return {
    /** `query` as returnsQueryString builds it. */
    returns: (query: string) =>
      signedIn(`/returns${query ? `?${query}` : ''}`, adminReturnListResponseSchema),
    return: (id: string) => signedIn(ret(id), adminReturnResponseSchema),
    decideReturn: (id: string, action: ReturnAction, body?: { reason: string } | AdminReturnRefundBody) =>
      signedIn(`${ret(id)}/${action}`, adminReturnResponseSchema, { method: 'POST', body: body ?? {} }),
  };
}
