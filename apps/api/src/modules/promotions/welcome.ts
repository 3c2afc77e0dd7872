// The newsletter's welcome offer as a promotion (docs/newsletter.md, decision 030): one promotion the store creates
// itself (system key 'welcome'), a percentage off the first order with its cap and minimum from the settings, used
// only through single-use batch codes, one minted for each confirmed subscriber.
import { promotionCodes, promotions } from '@rangrez/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';
import { randomCode } from './codes.ts';
import { insertBatchCodes } from './repository.ts';

const WELCOME_KEY = 'welcome';
const WELCOME_PREFIX = 'WELCOME';

/** The offer's terms, in paise and percent. */
export interface WelcomeTerms {
  percent: number;
  maxDiscountPaise: number;
  minSubtotalPaise: number;
}

function termsColumns(terms: WelcomeTerms) {
  return {
    percent: terms.percent,
    maxDiscountPaise: terms.maxDiscountPaise,
    minSubtotalPaise: terms.minSubtotalPaise,
  };
}

/**
 * The welcome promotion, created on first need and brought to the settings' terms. Two confirmations at once
 * both insert with ON CONFLICT DO NOTHING on the system key, then both lock the one row: neither makes a second.
 * The terms follow the settings, so a change there also applies to codes already sent.
 */
async function welcomePromotionId(tx: Executor, terms: WelcomeTerms, now: Date): Promise<string> {
  await tx
    .insert(promotions)
    .values({
      title: `Welcome offer: ${terms.percent}% off your first order`,
      kind: 'percentage',
      ...termsColumns(terms),
      firstOrderOnly: true,
      systemKey: WELCOME_KEY,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({
      target: promotions.systemKey,
      where: sql`${promotions.systemKey} is not null`,
    });
  const [row] = await tx
    .select({
      id: promotions.id,
      percent: promotions.percent,
      maxDiscountPaise: promotions.maxDiscountPaise,
      minSubtotalPaise: promotions.minSubtotalPaise,
    })
    .from(promotions)
    .where(eq(promotions.systemKey, WELCOME_KEY))
    .for('update');
  if (!row) throw new Error('welcome promotion: no row');
  const same =
    row.percent === terms.percent &&
    row.maxDiscountPaise === terms.maxDiscountPaise &&
    row.minSubtotalPaise === terms.minSubtotalPaise;
  if (!same) {
    await tx
      .update(promotions)
      .set({
        ...termsColumns(terms),
        title: `Welcome offer: ${terms.percent}% off your first order`,
        updatedAt: now,
      })
      .where(and(eq(promotions.id, row.id), eq(promotions.systemKey, WELCOME_KEY)));
  }
  return row.id;
}

/** A new single-use welcome code (`WELCOME-XXXXXXXXXX`), in the caller's transaction. */
export async function mintWelcomeCode(
  tx: Executor,
  terms: WelcomeTerms,
  now: Date,
): Promise<{ id: string; code: string }> {
  const promotionId = await welcomePromotionId(tx, terms, now);
  // 31^10 codes: a clash is rare, and a clashing code is simply drawn again.
  for (;;) {
    const [code] = await insertBatchCodes(tx, promotionId, [randomCode(WELCOME_PREFIX)]);
    if (code === undefined) continue;
    const id = await batchCodeId(tx, code);
    return { id, code };
  }
}

async function batchCodeId(tx: Executor, code: string): Promise<string> {
  const [row] = await tx
    .select({ id: promotionCodes.id })
    .from(promotionCodes)
    .where(eq(promotionCodes.code, code));
  if (!row) throw new Error('welcome code: no row');
  return row.id;
}
