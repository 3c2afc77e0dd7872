// The cash on delivery checks (docs/cod.md#checks), in the order the shopper is told about them: the order's
// value, the PIN code, the phone's cash orders on the way, then a block. Placement runs them in its transaction
// under a lock per phone, so two orders placed at once by one phone cannot both pass the count.
import {
  COD_MESSAGES,
  type CodRefusal,
  type CodRulesValues,
  codValueRefusal,
  DEFAULT_COD_RULES,
  paiseToRupees,
} from '@rangrez/contract/rules';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../lib/db.ts';
import { pinServiceability } from '../delivery/index.ts';
import { countOpenCodOrders, findRules, hasOpenBlock, pinRuleOf } from './repository.ts';

export interface CodCheckInput {
  /** The items' value after promotions, without the fee (paise). */
  valuePaise: number;
  pincode: string;
  /** The delivery phone, normalised (normaliseIndianPhone). */
  phone: string;
  userId: string | null;
}

export type CodVerdict = { ok: true } | { ok: false; refusal: CodRefusal; message: string };

/**
 * Whether cash on delivery can go to a PIN code: a courier serves it with COD (the PIN table's flag: a PIN only
 * India Post reaches has none, docs/delivery.md#pin-data) and the owner's lists do not name it. A PIN the table
 * does not know is not refused for that alone: new PIN codes appear before the table is refreshed.
 */
export async function codServesPin(db: Executor, pincode: string): Promise<boolean> {
  if (pinServiceability(pincode)?.courierCod === false) return false;
  return (await pinRuleOf(db, pincode)) === undefined;
}

/** The rules before the owner saves any: the contract's, with the environment's open-orders limit. */
export function codDefaultsOf(maxOpenPerPhone: number): CodRulesValues {
  return { ...DEFAULT_COD_RULES, maxOpenPerPhone };
}

/** The fee in force (paise). Only the open-orders limit has an environment default, so the fee's is the contract's. */
export async function codFeePaiseIn(db: Executor): Promise<number> {
  return (await findRules(db, DEFAULT_COD_RULES)).feePaise;
}

/** The fee in force in rupees, as the API and the pages state it. */
export async function codFeeRupeesIn(db: Executor): Promise<number> {
  return paiseToRupees(await codFeePaiseIn(db));
}

/** What the checks read besides the order's value: the rules in force and what the store knows of PIN and shopper. */
export interface CodFacts {
  rules: CodRulesValues;
  servesPin: boolean;
  /** The phone's cash orders on the way; null without a phone. */
  openOrders: number | null;
  blocked: boolean;
}

/**
 * Reads the checks' facts. Placement reads them before it locks the stock (docs/cod.md#checks), and judges the
 * order's value once it is priced: every read there would otherwise hold up the other buyers of the product.
 */
export async function readCodFacts(
  db: Executor,
  input: Omit<CodCheckInput, 'valuePaise'>,
  defaults: CodRulesValues,
): Promise<CodFacts> {
  return {
    rules: await findRules(db, defaults),
    servesPin: await codServesPin(db, input.pincode),
    openOrders: input.phone === '' ? null : await countOpenCodOrders(db, input.phone),
    blocked: await hasOpenBlock(db, input.phone, input.userId),
  };
}

/** The first rule the order breaks, or ok, in the order the shopper is told about them. */
export function codVerdictOf(facts: CodFacts, valuePaise: number): CodVerdict {
  const value = codValueRefusal(facts.rules, valuePaise);
  if (value) return { ok: false, refusal: 'value', message: value };
  if (!facts.servesPin) return { ok: false, refusal: 'pincode', message: COD_MESSAGES.pincode };
  if (facts.openOrders !== null && facts.openOrders >= facts.rules.maxOpenPerPhone) {
    return { ok: false, refusal: 'open-orders', message: COD_MESSAGES.openOrders(facts.openOrders) };
  }
  if (facts.blocked) return { ok: false, refusal: 'blocked', message: COD_MESSAGES.blocked };
  return { ok: true };
}

/** The first rule the order breaks, or ok. Read-only: the checkout's answer. */
export async function codVerdict(
  db: Executor,
  input: CodCheckInput,
  defaults: CodRulesValues,
): Promise<CodVerdict> {
  return codVerdictOf(await readCodFacts(db, input, defaults), input.valuePaise);
}

/** Serialises cash orders of one phone until the caller's transaction ends. */
export async function lockCodPhone(tx: Tx, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cod-phone:${phone}`}, 0))`);
}
