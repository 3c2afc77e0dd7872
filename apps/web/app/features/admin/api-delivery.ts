// The delivery promise's settings and its report (docs/delivery.md, docs/admin.md#delivery).
import {
  type DeliverySettingsBody,
  deliveryReportSchema,
  deliverySettingsResponseSchema,
} from '@rangrez/contract/schemas/delivery';
import type { SignedInCall } from './api-call';

export function deliveryCalls(signedIn: SignedInCall) {
  return {
    deliverySettings: () => signedIn('/settings/delivery', deliverySettingsResponseSchema),
    putDeliverySettings: (body: DeliverySettingsBody) =>
      signedIn('/settings/delivery', deliverySettingsResponseSchema, { method: 'PUT', body }),
    deliveryReport: (from: string, to: string) =>
      signedIn(
        `/delivery/report?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        deliveryReportSchema,
      ),
  };
}
