// A product's MRP rule as its row keeps it (a kind and an amount in paise) and as the contract states it (whole
// rupees, rules/pricing.ts). The row's CHECKs keep the amount in whole rupees, so the conversion is exact.
import { type MrpRule, paiseToRupees, rupeesToPaise } from '@rangrez/contract/rules';
import type { ProductRow } from './product-row.ts';

export type MrpRuleColumns = Pick<ProductRow, 'mrpRule' | 'mrpValuePaise'>;

export function mrpRuleOf(row: MrpRuleColumns): MrpRule {
  switch (row.mrpRule) {
    case 'markup':
      return { kind: 'markup', rupees: paiseToRupees(row.mrpValuePaise) };
    case 'fixed':
      return { kind: 'fixed', mrp: paiseToRupees(row.mrpValuePaise) };
    case 'none':
      return { kind: 'none' };
  }
}

export function mrpRuleColumns(rule: MrpRule): MrpRuleColumns {
  switch (rule.kind) {
    case 'markup':
      return { mrpRule: 'markup', mrpValuePaise: rupeesToPaise(rule.rupees) };
    case 'fixed':
      return { mrpRule: 'fixed', mrpValuePaise: rupeesToPaise(rule.mrp) };
    case 'none':
      return { mrpRule: 'none', mrpValuePaise: 0 };
  }
}
