// Shipping fee by payment gateway (docs/product/rules.md#shipping-fee): COD costs 50 rupees, prepaid ships free.

import { PAISE_PER_RUPEE } from './money.ts';

export const GATEWAYS = ['COD', 'Prepaid'] as const;
export type Gateway = (typeof GATEWAYS)[number];

export const COD_FEE_RUPEES = 50;
export const PREPAID_FEE_RUPEES = 0;

export function isGateway(value: unknown): value is Gateway {
  return typeof value === 'string' && (GATEWAYS as readonly string[]).includes(value);
}

/** Shipping fee in rupees for the chosen gateway. */
export function shippingFee(gateway: Gateway): number {
  return gateway === 'COD' ? COD_FEE_RUPEES : PREPAID_FEE_RUPEES;
}

/** Shipping fee in paise for the chosen gateway. */
export function shippingFeePaise(gateway: Gateway): number {
  return shippingFee(gateway) * PAISE_PER_RUPEE;
}
