// The back office's back-in-stock call (docs/admin.md#back-in-stock), parsed with the contract's schema.
import { backInStockDemandResponseSchema } from '@rangrez/contract/schemas/back-in-stock';
import type { SignedInCall } from './api-call';

export function backInStockCalls(signedIn: SignedInCall) {
  return {
    backInStockDemand: () => signedIn('/back-in-stock', backInStockDemandResponseSchema),
  };
}
