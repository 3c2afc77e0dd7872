// The owner's dashboard (docs/admin.md#dashboard): the figures of a range of India days and the range before it.
import { adminDashboardResponseSchema } from '@rangrez/contract/schemas/admin-dashboard';
import type { SignedInCall } from './api-call';

export function dashboardCalls(signedIn: SignedInCall) {
  return {
    dashboard: (from: string, to: string) =>
      signedIn(
        `/dashboard?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        adminDashboardResponseSchema,
      ),
  };
}
