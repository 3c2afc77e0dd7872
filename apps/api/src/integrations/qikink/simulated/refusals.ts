// Orders the simulated partner refuses although they are valid: the next one, or those with a given order number,
// SKU or PIN code, answered in one of the shapes Qikink answers a refused order with (HTTP 200, an error body).
// The rules live in shared_state, so the instance that creates the order follows a rule set through another one.
import type { Db } from '../../../lib/db.ts';
import { readSim, SIM_PREFIX, writeSim } from './state.ts';

const REFUSALS_KEY = `${SIM_PREFIX}refusals`;

/** `flag`: {"error":true,"message":...}; `string`: {"error":...}; `message`: {"message":...}. */
export const REFUSAL_SHAPES = ['flag', 'string', 'message'] as const;
export type RefusalShape = (typeof REFUSAL_SHAPES)[number];

export interface RefusalRule {
  /** Only an order with this number, a line with this SKU, or shipping to this PIN; none of them: any order. */
  orderNumber?: string;
  sku?: string;
  zip?: string;
  /** Qikink's words (default 'Invalid parameter: zip', as it refuses a PIN code it does not serve). */
  message?: string;
  shape?: RefusalShape;
  /** Used up by the first order it refuses. Default: yes for "the next order" (no criteria), no otherwise. */
  once?: boolean;
}

type StoredRule = Required<Pick<RefusalRule, 'message' | 'shape' | 'once'>> &
  Pick<RefusalRule, 'orderNumber' | 'sku' | 'zip'>;

export async function listRefusals(db: Db): Promise<StoredRule[]> {
  return (await readSim<StoredRule[]>(db, REFUSALS_KEY)) ?? [];
}

export async function addRefusal(db: Db, rule: RefusalRule): Promise<StoredRule[]> {
  const criteria = rule.orderNumber !== undefined || rule.sku !== undefined || rule.zip !== undefined;
  const stored: StoredRule = {
    ...(rule.orderNumber !== undefined ? { orderNumber: rule.orderNumber } : {}),
    ...(rule.sku !== undefined ? { sku: rule.sku } : {}),
    ...(rule.zip !== undefined ? { zip: rule.zip } : {}),
    message: rule.message ?? 'Invalid parameter: zip',
    shape: rule.shape ?? 'flag',
    once: rule.once ?? !criteria,
  };
  return db.transaction(async (tx) => {
    const rules = [...((await readSim<StoredRule[]>(tx, REFUSALS_KEY, true)) ?? []), stored];
    await writeSim(tx, REFUSALS_KEY, rules);
    return rules;
  });
}

export async function clearRefusals(db: Db): Promise<void> {
  await writeSim(db, REFUSALS_KEY, []);
}

function matches(rule: StoredRule, body: Record<string, unknown>): boolean {
  const skus = (body.line_items as { sku?: unknown }[]).map((item) => item.sku);
  const address = body.shipping_address as Record<string, unknown>;
  return (
    (rule.orderNumber === undefined || rule.orderNumber === body.order_number) &&
    (rule.sku === undefined || skus.includes(rule.sku)) &&
    (rule.zip === undefined || rule.zip === address.zip)
  );
}

function answer(rule: StoredRule): object {
  if (rule.shape === 'string') return { error: rule.message };
  if (rule.shape === 'message') return { message: rule.message };
  return { error: true, message: rule.message };
}

/** Qikink's answer refusing this (valid) create body, or null; a one-time rule is used up atomically. */
export async function refusalFor(db: Db, body: Record<string, unknown>): Promise<object | null> {
  if ((await listRefusals(db)).length === 0) return null;
  return db.transaction(async (tx) => {
    const rules = (await readSim<StoredRule[]>(tx, REFUSALS_KEY, true)) ?? [];
    const index = rules.findIndex((rule) => matches(rule, body));
    const rule = rules[index];
    if (!rule) return null;
    if (rule.once)
      await writeSim(
        tx,
        REFUSALS_KEY,
        rules.filter((_, i) => i !== index),
      );
    return answer(rule);
  });
}
