// Where each document goes in GSTR-1 (docs/gst.md#exports), for the cases a month of real orders rarely holds: a
// large unregistered invoice across states (B2CL) and its credit note (CDNUR), a registered buyer's credit note
// (CDNR), a large invoice within the state (still B2CS), and a credit note that empties a B2CS group.
import {
  buildCreditNote,
  buildTaxDocument,
  creditShares,
  type TaxDocument,
  type TaxParty,
} from '@rangrez/contract/rules';
import { describe, expect, it } from 'vitest';
import {
  b2clTable,
  b2csTable,
  cdnrTable,
  cdnurTable,
  hsnTable,
  toolDate,
} from '../src/modules/books/gstr1.ts';
import type { PeriodDocument } from '../src/modules/books/repository.ts';
import { rupeesText, tableCsv } from '../src/modules/books/table.ts';

const seller: TaxParty = { name: 'Rangrez', address: ['Mumbai'], stateCode: '27', stateName: 'Maharashtra' };
const buyerIn = (stateCode: string, stateName: string, gstin?: string): TaxParty => ({
  name: 'Kabir Rao',
  address: ['Somewhere'],
  stateCode,
  stateName,
  ...(gstin ? { gstin } : {}),
});

function invoice(number: string, buyer: TaxParty, amountPaise: number, quantity = 1): TaxDocument {
  return buildTaxDocument({
    kind: 'invoice',
    number,
    date: '2026-11-05',
    orderNumber: `O-${number}`,
    seller,
    buyer,
    lines: [{ description: 'Hoodie', hsn: '6110', quantity, amountPaise }],
    fees: [],
  });
}

function creditOf(doc: TaxDocument, number: string, amountPaise: number): TaxDocument {
  const credited = doc.lines.map(() => ({
    amountPaise: 0,
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
  }));
  const shares = creditShares({ invoice: doc, credited, amountPaise });
  return buildCreditNote({ invoice: doc, credited, shares, number, date: '2026-11-20' });
}

const entry = (document: TaxDocument, invoiceAmountPaise = document.totals.amountPaise): PeriodDocument => ({
  kind: document.kind,
  document,
  buyerGstin: document.buyer.gstin ?? null,
  invoiceAmountPaise,
});

describe('GSTR-1 sections', () => {
  // 40 hoodies at ₹3,499 into Karnataka: ₹1,39,960, above the B2CL limit.
  const large = invoice('RZ/26-27/000001', buyerIn('29', 'Karnataka'), 13_996_000, 40);
  const largeNote = creditOf(large, 'RZC/26-27/000001', 349_900);
  const registered = invoice('RZ/26-27/000002', buyerIn('29', 'Karnataka', '29AAACR5055K1Z9'), 349_900);
  const registeredNote = creditOf(registered, 'RZC/26-27/000002', 349_900);
  // Just as large, but within the state: B2CL is for supplies across states only.
  const largeIntra = invoice('RZ/26-27/000003', buyerIn('27', 'Maharashtra'), 13_996_000, 40);
  const small = invoice('RZ/26-27/000004', buyerIn('26', 'Dadra and Nagar Haveli and Daman and Diu'), 79_900);
  const smallNote = creditOf(small, 'RZC/26-27/000003', 79_900);
  const docs = [
    entry(large),
    entry(largeNote, large.totals.amountPaise),
    entry(registered),
    entry(registeredNote, registered.totals.amountPaise),
    entry(largeIntra),
    entry(small),
    entry(smallNote, small.totals.amountPaise),
  ];

  it('puts a large unregistered invoice across states in B2CL, and its credit note in CDNUR', () => {
    expect(b2clTable(docs).rows).toEqual([
      [
        'RZ/26-27/000001',
        '05-Nov-2026',
        { paise: 13_996_000 },
        '29-Karnataka',
        '',
        18,
        { paise: 11_861_017 },
        { paise: 0 },
        '',
      ],
    ]);
    expect(cdnurTable(docs).rows).toEqual([
      [
        'B2CL',
        'RZC/26-27/000001',
        '20-Nov-2026',
        'C',
        '29-Karnataka',
        { paise: 349_900 },
        '',
        18,
        { paise: 296_525 },
        { paise: 0 },
      ],
    ]);
  });

  it("puts a registered buyer's credit note in CDNR, with the note's value", () => {
    expect(cdnrTable(docs).rows).toEqual([
      [
        '29AAACR5055K1Z9',
        'Kabir Rao',
        'RZC/26-27/000002',
        '20-Nov-2026',
        'C',
        '29-Karnataka',
        'N',
        'Regular B2B',
        { paise: 349_900 },
        '',
        18,
        { paise: 296_525 },
        { paise: 0 },
      ],
    ]);
  });

  it('keeps a large invoice within the state in B2CS, and leaves out a group its credit note empties', () => {
    expect(b2csTable(docs).rows).toEqual([
      ['OE', '27-Maharashtra', '', 18, { paise: 11_861_016 }, { paise: 0 }, ''],
    ]);
  });

  it('writes the tool place of supply with "&" and nets the HSN summary of credit notes', () => {
    const alone = [entry(small)];
    expect(b2csTable(alone).rows[0]?.[1]).toBe('26-Dadra & Nagar Haveli & Daman & Diu');
    const b2c = hsnTable(docs, false).rows;
    // The small hoodie at 5% is sold and credited whole, so its group is left out; 40 + 40 large ones at 18%, of
    // which ₹3,499 credited as value only (no piece comes back with it).
    expect(b2c.map((r) => [r[0], r[2], r[3], r[5], r[6]])).toEqual([
      ['6110', 'PCS-PIECES', 80, 18, { paise: 11_861_017 + 11_861_016 - 296_525 }],
    ]);
  });
});

describe('formats', () => {
  it('writes paise as rupees with two decimals, exactly', () => {
    expect([0, 5, -5, 100, 123_456, -28_572, 9_007_199_254_740_991].map(rupeesText)).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '1.00',
      '1234.56',
      '-285.72',
      '90071992547409.91',
    ]);
  });

  it("writes the tool's dates", () => {
    expect(['2026-01-09', '2026-12-31'].map(toolDate)).toEqual(['09-Jan-2026', '31-Dec-2026']);
  });

  it('quotes commas and defuses text a spreadsheet would run as a formula', () => {
    const csv = tableCsv(
      {
        sheet: 's',
        columns: ['Name', 'Amount'],
        rows: [
          ['=HYPERLINK("x")', { paise: -100 }],
          ['Rao, Kabir', 3],
        ],
      },
      { bom: false },
    );
    expect(csv).toBe('Name,Amount\r\n"\'=HYPERLINK(""x"")",-1.00\r\n"Rao, Kabir",3\r\n');
  });
});
