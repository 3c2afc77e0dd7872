// Defect returns (docs/orders-lifecycle.md#returns): the shopper asks (request.ts) and follows the return; staff
// list, read and decide (decisions.ts). Photos go through the media module's shopper uploads, like review photos;
// a video is a file of its own (video.ts), served only to its shopper and to staff.
import { OPEN_RETURN_STATUSES, RETURN_MESSAGES } from '@rangrez/contract/rules';
import type {
  AdminReturn,
  AdminReturnListResponse,
  AdminReturnQuery,
  ReturnJson,
  ReturnRequestBody,
  ReturnUploadResponse,
} from '@rangrez/contract/schemas';
import { cardImageUrls } from '@rangrez/db/media/urls';
import type { FastifyRequest } from 'fastify';
import type { InspectedUpload } from '@rangrez/db/media/uploads';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Tx } from '../../lib/db.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { storeShopperUpload } from '../media/index.ts';
import type { OrderRow, OrdersService } from '../orders/index.ts';
import type { RefundsService } from '../refunds/index.ts';
import { type Decision, decideInTx } from './decisions.ts';
import { type PresentOptions, type ReturnParts, toAdminReturn, toReturnJson } from './presenter.ts';
import {
  deliveredAt,
  evidenceOf,
  findEvidence,
  findReturn,
  linesOf,
  listForStaff,
  orderNumbers,
  refundAmounts,
  type ReturnRow,
  returnsOfUser,
} from './repository.ts';
import { orderNotFound, refusalFor, requestReturnInTx } from './request.ts';
import { readVideo, storeVideo } from './video.ts';

export interface ReturnsServiceOptions {
  db: Db;
  clock: Clock;
  orders: Pick<
    OrdersService,
    'findOrder' | 'lockOrderInTx' | 'orderItems' | 'placeReprintInTx' | 'resolveOrderId'
  >;
  refunds: Pick<RefundsService, 'createInTx'>;
  publicUrl: string;
  mediaDir: string;
  /** DATA_DIR/returns: the videos. */
  videoDir: string;
}

type ReturnUpload = ReturnUploadResponse['upload'];

const ADMIN_PAGE = 50;

const shopperPaths: PresentOptions['videoPath'] = (row, id) => `/api/v1/returns/${row.id}/evidence/${id}`;
const staffPaths: PresentOptions['videoPath'] = (row, id) => `/api/v1/admin/returns/${row.id}/evidence/${id}`;

/** Lines, evidence, order numbers and refund amounts of many returns, in few queries. */
async function partsOf(db: Db, rows: readonly ReturnRow[]): Promise<Map<string, ReturnParts>> {
  const ids = rows.map((r) => r.id);
  const lines = await linesOf(db, ids);
  const evidence = await evidenceOf(db, ids);
  const orderIds = rows.flatMap((r) => (r.reprintOrderId ? [r.orderId, r.reprintOrderId] : [r.orderId]));
  const numbers = await orderNumbers(db, orderIds);
  const refunds = await refundAmounts(
    db,
    rows.flatMap((r) => (r.refundId ? [r.refundId] : [])),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        lines: lines.filter((l) => l.returnId === r.id),
        evidence: evidence.filter((e) => e.returnId === r.id),
        orderNumber: numbers.get(r.orderId) ?? '',
        reprintNumber: r.reprintOrderId ? (numbers.get(r.reprintOrderId) ?? null) : null,
        refundPaise: r.refundId ? (refunds.get(r.refundId) ?? null) : null,
      },
    ]),
  );
}

const encodeCursor = (row: ReturnRow) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) throw badRequest('cursor is not valid');
  return { createdAt, id };
}

/** A return as the back office's return page shows it: with its order, customer and payout details. */
async function adminJson(options: ReturnsServiceOptions, row: ReturnRow): Promise<AdminReturn> {
  const { db, orders } = options;
  const parts = (await partsOf(db, [row])).get(row.id)!;
  const order = await orders.findOrder(row.orderId);
  if (!order) throw notFound(RETURN_MESSAGES.returnNotFound);
  const delivered = await deliveredAt(db, order.id);
  return toAdminReturn(
    row,
    parts,
    {
      order: {
        _id: order.id,
        orderId: order.orderNumber,
        paymentMethod: order.paymentMethod,
        paymentState: order.paymentState,
        fulfilmentState: order.fulfilmentState,
        refundState: order.refundState,
        total: order.totalPaise / 100,
        deliveredAt: delivered?.toISOString() ?? null,
      },
      customer: {
        name: `${order.firstName} ${order.lastName}`.trim(),
        email: order.email,
        phone: order.phone,
      },
    },
    { publicUrl: options.publicUrl, videoPath: staffPaths },
  );
}

/** The back office's reads: the list by state with a keyset cursor, and one return whole. */
function staffCalls(options: ReturnsServiceOptions) {
  const { db } = options;
  return {
    async list(query: AdminReturnQuery): Promise<AdminReturnListResponse> {
      const states = query.state === 'open' ? OPEN_RETURN_STATUSES : query.state ? [query.state] : undefined;
      const after = decodeCursor(query.cursor);
      const rows = await listForStaff(
        db,
        { ...(states ? { states } : {}), ...(after ? { after } : {}) },
        ADMIN_PAGE + 1,
      );
      const page = rows.slice(0, ADMIN_PAGE);
      return {
        success: true,
        returns: page.map((r) => ({
          _id: r.ret.id,
          orderId: r.orderNumber,
          status: r.ret.state,
          reason: r.ret.reason as AdminReturnListResponse['returns'][number]['reason'],
          customer: `${r.firstName} ${r.lastName}`.trim(),
          payout: r.ret.payout,
          itemCount: r.itemCount,
          createdAt: r.ret.createdAt.toISOString(),
        })),
        nextCursor: rows.length > ADMIN_PAGE ? encodeCursor(page[page.length - 1]!.ret) : null,
      };
    },

    async get(returnId: string): Promise<AdminReturn> {
      const row = await findReturn(db, returnId);
      if (!row) throw notFound(RETURN_MESSAGES.returnNotFound);
      return adminJson(options, row);
    },
  };
}

export function createReturnsService(options: ReturnsServiceOptions) {
  const { db, clock, orders } = options;
  const present = (videoPath: PresentOptions['videoPath']) => ({ publicUrl: options.publicUrl, videoPath });

  /** The shopper's own order by number or id; anyone else's is as unknown as a missing one. */
  async function ownOrder(userId: string, reference: string): Promise<OrderRow> {
    const id = await orders.resolveOrderId(db, reference);
    const order = id ? await orders.findOrder(id) : undefined;
    if (!order || order.userId !== userId) throw orderNotFound();
    return order;
  }

  async function shopperJson(rows: readonly ReturnRow[]): Promise<ReturnJson[]> {
    const parts = await partsOf(db, rows);
    return rows.map((r) => toReturnJson(r, parts.get(r.id)!, present(shopperPaths)));
  }

  return {
    async request(userId: string, reference: string, body: ReturnRequestBody): Promise<ReturnJson> {
      const found = await ownOrder(userId, reference);
      const items = await orders.orderItems(found.id);
      const row = await db.transaction(async (tx) => {
        const order = await orders.lockOrderInTx(tx, found.id);
        if (!order) throw orderNotFound();
        return requestReturnInTx({ tx, order, items, now: clock.now(), videoDir: options.videoDir }, body);
      });
      return (await shopperJson([row]))[0]!;
    },

    async listMine(userId: string): Promise<ReturnJson[]> {
      return shopperJson(await returnsOfUser(db, userId));
    },

    /** One order's returns, and whether the shopper may ask for one now (the form is offered only then). */
    async ofOrder(userId: string, reference: string) {
      const order = await ownOrder(userId, reference);
      const list = await shopperJson(await returnsOfUser(db, userId, order.id));
      const refusal = await db.transaction((tx) => refusalFor(tx, order, clock.now()));
      return { returns: list, canRequest: refusal === null, refusal };
    },

    /** Before an upload is read: the shopper's own order, and one a return may be asked for now (409 otherwise). */
    async orderForUpload(userId: string, reference: string): Promise<OrderRow> {
      const order = await ownOrder(userId, reference);
      const refusal = await db.transaction((tx) => refusalFor(tx, order, clock.now()));
      if (refusal) throw conflict(refusal);
      return order;
    },

    /** Stores a checked image as the shopper's (the review photos' pipeline); its id goes into `photoIds`. */
    async storePhoto(userId: string, upload: InspectedUpload): Promise<ReturnUpload> {
      const row = await storeShopperUpload(db, options.mediaDir, userId, upload);
      return { _id: row.id, kind: 'photo', url: cardImageUrls(options.publicUrl, row.key, row.widths).image };
    },

    /** Reads the request's video for the shopper's order (checked first with orderForUpload). */
    async storeVideo(req: FastifyRequest, order: OrderRow): Promise<ReturnUpload> {
      const video = await storeVideo(req, options.videoDir, order.id);
      return { _id: video.id, kind: 'video', url: '' };
    },

    /** A video of the shopper's own return, or undefined (404 to the caller). */
    async shopperVideo(userId: string, returnId: string, evidenceId: string) {
      const row = await findReturn(db, returnId);
      if (!row || row.userId !== userId) return undefined;
      return findEvidence(db, returnId, evidenceId);
    },

    staffVideo: (returnId: string, evidenceId: string) => findEvidence(db, returnId, evidenceId),

    ...staffCalls(options),
    decideInTx: (tx: Tx, actor: string, returnId: string, decision: Decision) =>
      decideInTx(options, { tx, now: clock.now(), actor }, returnId, decision),

    readVideo: (storageKey: string) => readVideo(options.videoDir, storageKey),
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
