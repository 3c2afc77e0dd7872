// Shipping fee by payment gateway (docs/product/rules.md#shipping-fee): cash on delivery costs the fee the owner
// sets (docs/cod.md#fee, 50 rupees until changed), prepaid ships free. The fee is always passed in: the rules
// here never assume it.

import { PAISE_PER_RUPEE } from './money.ts';

export const GATEWAYS = ['COD', 'Prepaid'] as const;
export type Gateway = (typeof GATEWAYS)[number];

/** The cash on delivery fee until the owner sets another (docs/cod.md#fee). */
export const COD_FEE_RUPEES = 50;
export const PREPAID_FEE_RUPEES = 0;

export function isGateway(value: unknown): value is Gateway {
  return typeof value === 'string' && (GATEWAYS as readonly string[]).includes(value);
}

/** Shipping fee in rupees for the chosen gateway, given the cash on delivery fee in force (rupees). */
export function shippingFee(gateway: Gateway, codFeeRupees: number): number {
  return gateway === 'COD' ? codFeeRupees : PREPAID_FEE_RUPEES;
}

/** Shipping fee in paise for the chosen gateway, given the cash on delivery fee in force (paise). */
export function shippingFeePaise(gateway: Gateway, codFeePaise: number): number {
  return gateway === 'COD' ? codFeePaise : PREPAID_FEE_RUPEES * PAISE_PER_RUPEE;
}
