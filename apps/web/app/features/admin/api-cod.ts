// The back office's cash on delivery calls (docs/admin.md#cash-on-delivery): the rules, the blocks and the report
// of parcels returned to origin. Every answer is parsed with the contract's schema.
import {
  type AdminCodRulesBody,
  adminCodBlockResponseSchema,
  adminCodBlocksResponseSchema,
  adminCodRulesResponseSchema,
  adminRtoResponseSchema,
} from '@rangrez/contract/schemas/cod';
import type { SignedInCall } from './api-call';

export function codCalls(signedIn: SignedInCall) {
  return {
    codRules: () => signedIn('/settings/cod', adminCodRulesResponseSchema),
    putCodRules: (body: AdminCodRulesBody) =>
      signedIn('/settings/cod', adminCodRulesResponseSchema, { method: 'PUT', body }),
    codBlocks: () => signedIn('/cod/blocks', adminCodBlocksResponseSchema),
    liftCodBlock: (id: string) =>
      signedIn(`/cod/blocks/${encodeURIComponent(id)}/lift`, adminCodBlockResponseSchema, { method: 'POST' }),
    rtoReport: (from: string, to: string) =>
      signedIn(`/rto?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, adminRtoResponseSchema),
  };
}
