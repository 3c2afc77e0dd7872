// The back office's side of cash on delivery (docs/cod.md): the rules and PIN lists saved in one audited change,
// the blocks and their lifting.
import { type AdminCodBlock, type AdminCodRules, type AdminCodRulesBody } from '@rangrez/contract/schemas';
import {
  COD_MESSAGES,
  type CodPinKind,
  type CodRulesValues,
  paiseToRupees,
  parsePinList,
  rupeesToPaise,
} from '@rangrez/contract/rules';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AuditedChange } from '../audit/index.ts';
import { findPinRules, findRules, liftBlock, listBlocks, replacePinRules, writeRules } from './repository.ts';

/** The audit rows of a rules change are about the store's COD rules as a whole. */
const RULES_ENTITY_ID = 'cod';

async function readRules(db: Db | AuditedChange['tx'], defaults: CodRulesValues): Promise<AdminCodRules> {
  const rules = await findRules(db, defaults);
  const pins = await findPinRules(db);
  const of = (kind: CodPinKind) => pins.filter((p) => p.kind === kind).map((p) => p.pincode);
  return {
    minOrderValue: paiseToRupees(rules.minOrderPaise),
    maxOrderValue: paiseToRupees(rules.maxOrderPaise),
    maxOpenPerPhone: rules.maxOpenPerPhone,
    rtoBlockThreshold: rules.rtoBlockThreshold,
    fee: paiseToRupees(rules.feePaise),
    denyPins: of('deny'),
    indiaPostOnlyPins: of('india_post_only'),
    updatedAt: rules.updatedAt?.toISOString() ?? null,
  };
}

const listText = (list: string | readonly string[]) => (typeof list === 'string' ? list : list.join('\n'));

/** Both lists parsed; anything not a PIN code, or a PIN on both lists, is refused with the exact PINs named. */
function pinListsOf(body: AdminCodRulesBody): { deny: string[]; indiaPost: string[] } {
  const deny = parsePinList(listText(body.denyPins));
  const indiaPost = parsePinList(listText(body.indiaPostOnlyPins));
  const invalid = [...deny.invalid, ...indiaPost.invalid];
  if (invalid.length > 0) throw badRequest(COD_MESSAGES.badPins(invalid));
  const both = deny.pins.filter((p) => indiaPost.pins.includes(p));
  if (both.length > 0) throw badRequest(COD_MESSAGES.pinInBothLists(both));
  return { deny: deny.pins, indiaPost: indiaPost.pins };
}

type BlockRow = Awaited<ReturnType<typeof listBlocks>>[number];

function blockJson(row: Omit<BlockRow, 'userEmail'> & { userEmail?: string | null }): AdminCodBlock {
  return {
    id: row.id,
    phone: row.phone,
    userId: row.userId,
    userEmail: row.userEmail ?? null,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    liftedAt: row.liftedAt?.toISOString() ?? null,
    liftedBy: row.liftedBy,
  };
}

export interface CodAdminServiceOptions {
  db: Db;
  clock: Clock;
  /** The rules before the owner saves any (codDefaultsOf). */
  defaults: CodRulesValues;
}

export function createCodAdminService({ db, clock, defaults }: CodAdminServiceOptions) {
  return {
    read: () => readRules(db, defaults),

    /** Saves every rule and both lists; one audit row with what changed. */
    async put(change: AuditedChange, body: AdminCodRulesBody): Promise<AdminCodRules> {
      if (body.minOrderValue > body.maxOrderValue) throw badRequest(COD_MESSAGES.minAboveMax);
      const lists = pinListsOf(body);
      const before = await readRules(change.tx, defaults);
      await writeRules(
        change.tx,
        {
          minOrderPaise: rupeesToPaise(body.minOrderValue),
          maxOrderPaise: rupeesToPaise(body.maxOrderValue),
          maxOpenPerPhone: body.maxOpenPerPhone,
          rtoBlockThreshold: body.rtoBlockThreshold,
          feePaise: rupeesToPaise(body.fee),
        },
        clock.now(),
      );
      await replacePinRules(change.tx, [
        ...lists.deny.map((pincode) => ({ pincode, kind: 'deny' as const })),
        ...lists.indiaPost.map((pincode) => ({ pincode, kind: 'india_post_only' as const })),
      ]);
      const after = await readRules(change.tx, defaults);
      const { updatedAt: _b, ...beforeFields } = before;
      const { updatedAt: _a, ...afterFields } = after;
      await change.record({
        action: 'cod-rules.update',
        entityType: 'cod-rules',
        entityId: RULES_ENTITY_ID,
        before: beforeFields,
        after: afterFields,
      });
      return after;
    },

    async blocks(): Promise<AdminCodBlock[]> {
      return (await listBlocks(db)).map(blockJson);
    },

    /** Lifts a block; the phone or account may pay cash again until it collects the threshold anew. */
    async lift(change: AuditedChange, id: string, by: string): Promise<AdminCodBlock> {
      const row = await liftBlock(change.tx, id, by, clock.now());
      if (!row) throw notFound(COD_MESSAGES.blockNotFound);
      const block = blockJson({ ...row, phone: row.phoneNormalised });
      await change.record({
        action: 'cod-block.lift',
        entityType: 'cod-block',
        entityId: id,
        before: { liftedAt: null },
        after: { liftedAt: block.liftedAt, liftedBy: by },
      });
      return block;
    },
  };
}

export type CodAdminService = ReturnType<typeof createCodAdminService>;
