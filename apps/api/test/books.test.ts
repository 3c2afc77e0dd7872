// The accountant's exports (docs/gst.md#exports) over a month of real documents: a prepaid order within the state
// at 5% with a partial refund credited, a cash-on-delivery order across states at 18% with its fee, and a business
// buyer's order with a GSTIN. Every file adds up to the invoices and credit notes to the paisa; the headers are
// the offline tool's; the spreadsheets read back with the same figures; only the owner gets them; a bad period
// is a 400 that says what is wrong.
import { gstinCheckCharacter } from '@rangrez/contract/rules';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { storeSettings, taxDocuments } from '@rangrez/db/schema';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { type SignedInStaff, signedInStaff } from './admin-helpers.ts';
import {
  codOrderBody,
  createTestApp,
  type SignedInUser,
  signInNewUser,
  TEST_ADDRESS,
  type TestApp,
} from './helpers.ts';
import { confirmCod, ORDER_LIFE_SETTINGS, processWebhooks } from './order-helpers.ts';

const SELLER_GSTIN = '27AAPFU0939F1ZV';
const BUYER_GSTIN = `29AAACR5055K1Z${gstinCheckCharacter('29AAACR5055K1Z')}`;
const KARNATAKA = { ...TEST_ADDRESS, city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };
const clock = new ManualClock('2026-11-26T06:00:00.000Z');
let t: TestApp;
let owner: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp(ORDER_LIFE_SETTINGS, undefined, { clock });
  owner = await signedInStaff(t, 'owner');
  const value = { sellerGstin: SELLER_GSTIN };
  await t.database.db
    .insert(storeSettings)
    .values({ id: 'store', value })
    .onConflictDoUpdate({ target: storeSettings.id, set: { value } });
  await buildMonth();
});
afterAll(() => t.close());

/** An online order paid at the sandbox and confirmed by its webhook. */
async function paidOrder(buyer: SignedInUser, productId: string, total: number) {
  const sandbox = t.app.integrations.razorpaySandbox!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/razorpay/initiate-payment',
    headers: { ...buyer.headers, 'idempotency-key': `books-${productId}` },
    payload: codOrderBody(buyer, [{ productId }], total, { gateway: 'Prepaid' }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { orderId: orderNumber, razorpayOrderId } = res.json() as {
    orderId: string;
    razorpayOrderId: string;
  };
  const { payment } = await sandbox.pay(razorpayOrderId, 'success');
  await sandbox.webhooks.deliverPending({ orderId: razorpayOrderId });
  await t.app.jobs.runDueJobs();
  return { orderNumber, paymentId: payment.id };
}

async function codOrder(productId: string, total: number, extra: Record<string, unknown>) {
  const buyer = await signInNewUser(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/qikink/order',
    headers: buyer.headers,
    payload: { ...codOrderBody(buyer, [{ productId }], total), ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  // The hand-over to the partner, once the shopper confirms the order, issues the invoice.
  await confirmCod(t, buyer, res.json().qikinkOrderId);
  await t.app.jobs.runDueJobs();
}

/** The month's documents: two rates, both kinds of place of supply, a business buyer, a partial refund. */
async function buildMonth() {
  const db = t.database.db;
  const tee = await createProduct(db, { pricePaise: 79_900, stock: 10 });
  const premium = await createProduct(db, { pricePaise: 349_900, stock: 10 });
  const { orderNumber, paymentId } = await paidOrder(await signInNewUser(t), tee.id, 799);
  const refund = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderNumber}/refunds`,
    headers: owner.headers,
    payload: { amount: 300, reason: 'Print slightly off-centre' },
  });
  expect(refund.statusCode, refund.body).toBe(201);
  const sandbox = t.app.integrations.razorpaySandbox!;
  await t.app.jobs.runDueJobs();
  await sandbox.refunds.settle({ paymentId });
  await sandbox.webhooks.deliverPending();
  await processWebhooks(t);
  await t.app.jobs.runDueJobs();
  await codOrder(premium.id, 3549, { deliveryAddress: KARNATAKA });
  await codOrder(tee.id, 849, { deliveryAddress: KARNATAKA, gstin: BUYER_GSTIN });
}

const get = (url: string, staff: SignedInStaff = owner) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/books/${url}`, headers: staff.headers });

/** A CSV file's header and rows. */
async function csv(file: string, query = 'month=2026-11') {
  const res = await get(`${file}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = parse(res.body, { bom: true }) as string[][];
  return { res, header: header!, rows };
}

/** Rupees with two decimals, as the files write them, in paise: exact, no floating point. */
function paise(text: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

const sumColumn = (rows: string[][], index: number) => rows.reduce((sum, row) => sum + paise(row[index]!), 0);

/** The month's documents straight from the table, and their totals: the truth the files must add up to. */
async function documentTotals() {
  const docs = await t.database.db.select().from(taxDocuments);
  const net = { taxable: 0, cgst: 0, sgst: 0, igst: 0, amount: 0, quantity: 0, lines: 0 };
  for (const d of docs) {
    const sign = d.kind === 'invoice' ? 1 : -1;
    net.taxable += sign * d.taxablePaise;
    net.cgst += sign * d.cgstPaise;
    net.sgst += sign * d.sgstPaise;
    net.igst += sign * d.igstPaise;
    net.amount += sign * d.amountPaise;
    for (const line of d.document.lines) net.quantity += sign * line.quantity;
    net.lines += d.document.lines.length;
  }
  return { docs, net };
}

describe('the month of documents', () => {
  it('holds three invoices and one credit note, at 5% and 18%, within and across states', async () => {
    const { docs } = await documentTotals();
    expect(docs.map((d) => [d.kind, d.placeOfSupplyCode, d.buyerGstin]).sort()).toEqual(
      [
        ['credit_note', '27', null],
        ['invoice', '27', null],
        ['invoice', '29', BUYER_GSTIN],
        ['invoice', '29', null],
      ].sort(),
    );
    expect(new Set(docs.flatMap((d) => d.document.lines.map((l) => l.rateBps)))).toEqual(
      new Set([500, 1800]),
    );
  });
});

describe('GSTR-1 tables', () => {
  it('B2CS: by place of supply and rate, net of the credit note, in the tool columns', async () => {
    const { header, rows, res } = await csv('gstr1-b2cs.csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="rangrez-gstr1-b2cs-2026-11.csv"');
    expect(res.body.startsWith('Type,')).toBe(true);
    expect(header).toEqual([
      'Type',
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ]);
    // ₹799 at 5% within Maharashtra (CGST and SGST 19.02 each: taxable 760.96) less ₹300 credited (taxable
    // 285.72); ₹3,499 and ₹50 of shipping at 18% into Karnataka (IGST 533.75 and 7.63): taxable 2,965.25 + 42.37.
    expect(rows).toEqual([
      ['OE', '27-Maharashtra', '', '5', '475.24', '0.00', ''],
      ['OE', '29-Karnataka', '', '18', '3007.62', '0.00', ''],
    ]);
  });

  it("B2B: the business buyer's invoice, one row per rate, with the tool's date and place of supply", async () => {
    const { header, rows } = await csv('gstr1-b2b.csv');
    expect(header).toEqual([
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Reverse Charge',
      'Applicable % of Tax Rate',
      'Invoice Type',
      'E-Commerce GSTIN',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ]);
    expect(rows).toEqual([
      [
        BUYER_GSTIN,
        'Asha Verma',
        'RZ/26-27/000003',
        '26-Nov-2026',
        '849.00',
        '29-Karnataka',
        'N',
        '',
        'Regular B2B',
        '',
        '5',
        '808.57',
        '0.00',
      ],
    ]);
  });

  it('no large inter-state B2C invoice and no registered credit note this month: B2CL, CDNR, CDNUR have headers only', async () => {
    for (const file of ['gstr1-b2cl.csv', 'gstr1-cdnr.csv', 'gstr1-cdnur.csv']) {
      expect((await csv(file)).rows).toEqual([]);
    }
    expect((await csv('gstr1-cdnr.csv')).header.slice(0, 9)).toEqual([
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Note Number',
      'Note Date',
      'Note Type',
      'Place Of Supply',
      'Reverse Charge',
      'Note Supply Type',
      'Note Value',
    ]);
  });

  it('the tables add up to the documents: B2CS + B2B + B2CL - CDNR - CDNUR = net taxable value', async () => {
    const { net } = await documentTotals();
    const taxable = async (file: string) => {
      const { header, rows } = await csv(file);
      return sumColumn(rows, header.indexOf('Taxable Value'));
    };
    const sum =
      (await taxable('gstr1-b2cs.csv')) +
      (await taxable('gstr1-b2b.csv')) +
      (await taxable('gstr1-b2cl.csv')) -
      (await taxable('gstr1-cdnr.csv')) -
      (await taxable('gstr1-cdnur.csv'));
    expect(sum).toBe(net.taxable);
  });

  it('the HSN summaries, B2B and B2C, add up to the lines: quantity, value, taxable value and each tax', async () => {
    const { net } = await documentTotals();
    const b2b = await csv('gstr1-hsn-b2b.csv');
    const b2c = await csv('gstr1-hsn-b2c.csv');
    expect(b2c.header).toEqual([
      'HSN',
      'Description',
      'UQC',
      'Total Quantity',
      'Total Value',
      'Rate',
      'Taxable Value',
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
      'Cess Amount',
    ]);
    expect(b2b.rows).toEqual([
      [
        '6109',
        'T-shirts, singlets and other vests, knitted or crocheted',
        'OTH-OTHERS',
        '1',
        '50.00',
        '5',
        '47.62',
        '2.38',
        '0.00',
        '0.00',
        '0.00',
      ],
      [
        '6109',
        'T-shirts, singlets and other vests, knitted or crocheted',
        'PCS-PIECES',
        '1',
        '799.00',
        '5',
        '760.95',
        '38.05',
        '0.00',
        '0.00',
        '0.00',
      ],
    ]);
    const rows = [...b2b.rows, ...b2c.rows];
    expect(rows.reduce((sum, r) => sum + Number(r[3]), 0)).toBe(net.quantity);
    expect([4, 6, 7, 8, 9].map((i) => sumColumn(rows, i))).toEqual([
      net.amount,
      net.taxable,
      net.igst,
      net.cgst,
      net.sgst,
    ]);
  });
});

describe('the registers', () => {
  it('the invoice register: one row per document, the credit note negative, every column adding up', async () => {
    const { docs, net } = await documentTotals();
    const { header, rows, res } = await csv('invoice-register.csv');
    expect(res.body.startsWith('\uFEFFDocument,')).toBe(true);
    expect(header).toEqual([
      'Document',
      'Number',
      'Date',
      'Order',
      'Invoice referred to',
      'Invoice date',
      'Buyer',
      'Buyer GSTIN',
      'Place of supply',
      'GSTR-1 table',
      'Taxable value',
      'CGST',
      'SGST',
      'IGST',
      'Total',
    ]);
    expect(rows).toHaveLength(docs.length);
    const note = rows.find((r) => r[0] === 'Credit note')!;
    expect(note.slice(1, 2).concat(note.slice(4, 6), note.slice(8))).toEqual([
      'RZC/26-27/000001',
      'RZ/26-27/000001',
      '2026-11-26',
      '27 Maharashtra',
      'B2CS',
      '-285.72',
      '-7.14',
      '-7.14',
      '0.00',
      '-300.00',
    ]);
    expect([10, 11, 12, 13, 14].map((i) => sumColumn(rows, i))).toEqual([
      net.taxable,
      net.cgst,
      net.sgst,
      net.igst,
      net.amount,
    ]);
  });

  it('the sales register: one row per line with HSN, rate and quantity, adding up to the documents', async () => {
    const { net } = await documentTotals();
    const { header, rows } = await csv('sales-register.csv');
    expect(header.slice(7)).toEqual([
      'Description',
      'HSN',
      'Quantity',
      'Unit',
      'Rate %',
      'Taxable value',
      'CGST',
      'SGST',
      'IGST',
      'Amount',
    ]);
    expect(rows).toHaveLength(net.lines);
    expect(rows.reduce((sum, r) => sum + Number(r[9]), 0)).toBe(net.quantity);
    expect([12, 13, 14, 15, 16].map((i) => sumColumn(rows, i))).toEqual([
      net.taxable,
      net.cgst,
      net.sgst,
      net.igst,
      net.amount,
    ]);
  });

  it('the spreadsheets hold the same figures as the CSV files, money as numbers', async () => {
    for (const name of ['invoice-register', 'sales-register']) {
      const res = await get(`${name}.xlsx?month=2026-11`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers['content-disposition']).toBe(`attachment; filename="rangrez-${name}-2026-11.xlsx"`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const read: string[][] = [];
      sheet.eachRow((row) => {
        const values = (row.values as unknown[]).slice(1);
        read.push(
          values.map((v) => (typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(2) : String(v ?? ''))),
        );
      });
      const { header, rows } = await csv(`${name}.csv`);
      // Whole rupees are numbers in the sheet (300, not 300.00); the CSV writes every amount with two decimals.
      const normalise = (row: string[]) => row.map((cell) => cell.replace(/^(-?\d+)\.00$/, '$1'));
      expect(read.map(normalise)).toEqual([header, ...rows].map(normalise));
    }
  });
});

describe('the summary', () => {
  it("gives the month's invoices, credit notes and net, in rupees", async () => {
    const res = await get('summary?month=2026-11');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      period: { from: '2026-11-01', to: '2026-11-30' },
      invoices: { count: 3, taxable: 4577.15, cgst: 19.02, sgst: 19.02, igst: 581.81, amount: 5197 },
      creditNotes: { count: 1, taxable: 285.72, cgst: 7.14, sgst: 7.14, igst: 0, amount: 300 },
      net: { count: 4, taxable: 4291.43, cgst: 11.88, sgst: 11.88, igst: 581.81, amount: 4897 },
    });
  });

  it('takes a range of dates, and a range without documents has zero totals and empty files', async () => {
    const same = await get('summary?from=2026-11-26&to=2026-11-26');
    expect(same.json().net.amount).toBe(4897);
    const before = await get('summary?from=2026-10-01&to=2026-11-25');
    expect(before.json().net).toEqual({ count: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, amount: 0 });
    const empty = await csv('gstr1-b2cs.csv', 'from=2026-10-01&to=2026-11-25');
    expect(empty.rows).toEqual([]);
    expect(empty.res.headers['content-disposition']).toBe(
      'attachment; filename="rangrez-gstr1-b2cs-2026-10-01_2026-11-25.csv"',
    );
  });
});

describe('who and what', () => {
  it.each(['ops', 'catalogue', 'support'] as const)('refuses %s: the books are the owner’s', async (role) => {
    const staff = await signedInStaff(t, role);
    for (const url of ['summary?month=2026-11', 'gstr1-b2cs.csv?month=2026-11']) {
      const res = await get(url, staff);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: 'Your role does not allow this' });
    }
  });

  it.each([
    ['', 'Choose a month, or a range of dates with from and to'],
    ['month=2026-13', 'month must be a month as YYYY-MM, such as 2026-11'],
    ['month=November', 'month must be a month as YYYY-MM, such as 2026-11'],
    ['month=2026-11&from=2026-11-01', 'Give either a month or a range of dates, not both'],
    ['from=2026-11-01', 'A range of dates needs both from and to'],
    ['from=2026-02-30&to=2026-03-01', 'from must be a date as YYYY-MM-DD'],
    ['from=2026-11-01&to=26-11-2026', 'to must be a date as YYYY-MM-DD'],
    ['from=2026-11-30&to=2026-11-01', 'from must not be after to'],
    ['from=2025-01-01&to=2026-11-30', 'A range of dates can span at most 366 days'],
  ])('answers 400 to ?%s', async (query, message) => {
    for (const url of [`summary?${query}`, `gstr1-b2b.csv?${query}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
  });

  it('answers 400 to a file that is not one', async () => {
    const res = await get('gstr2.csv?month=2026-11');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'No such export' });
  });
});
