import { describe, expect, it } from 'vitest';
import {
  APPAREL_GST_SLABS,
  apparelRateBps,
  apparelSlabOn,
  computeGstInvoice,
  defaultHsnForType,
  indiaDate,
  priceBand,
  splitInclusive,
} from '../src/rules/gst.ts';
import {
  documentNumber,
  financialYear,
  indianNumberInWords,
  rupeesInWords,
} from '../src/rules/gst-documents.ts';
import {
  gstStateCode,
  gstinCheckCharacter,
  gstinProblem,
  normaliseGstin,
  stateOfGstCode,
} from '../src/rules/gstin.ts';
import { STATES_AND_UTS } from '../src/rules/states.ts';

const SLAB_2025 = apparelSlabOn('2025-11-01');

describe('the dated rate table', () => {
  it('switches to the 2025 slab on 22 September 2025', () => {
    expect(apparelSlabOn('2025-09-21')).toEqual(APPAREL_GST_SLABS[0]);
    expect(apparelSlabOn('2025-09-22')).toEqual({
      from: '2025-09-22',
      thresholdPaise: 250_000,
      lowBps: 500,
      highBps: 1800,
    });
    expect(() => apparelSlabOn('2017-06-30')).toThrow(RangeError);
  });

  it('reads India dates: 18:30 UTC is already the next day', () => {
    expect(indiaDate(new Date('2025-09-21T18:29:59Z'))).toBe('2025-09-21');
    expect(indiaDate(new Date('2025-09-21T18:30:00Z'))).toBe('2025-09-22');
  });
});

describe('the rate of a piece', () => {
  const inclusiveOf = (taxableRupees: number, bps: number) =>
    Math.round(taxableRupees * 100 * (1 + bps / 10_000));

  it('is 5% up to ₹2,500 taxable and 18% from ₹2,501', () => {
    expect(apparelRateBps(inclusiveOf(2500, 500), 1, SLAB_2025)).toBe(500);
    expect(apparelRateBps(inclusiveOf(2501, 1800), 1, SLAB_2025)).toBe(1800);
  });

  it('is 5% up to ₹2,625 inclusive, 18% above ₹2,950, and between them neither rate is self-consistent', () => {
    expect(priceBand(262_500, 1, SLAB_2025)).toBe('low');
    expect(priceBand(262_501, 1, SLAB_2025)).toBe('between');
    expect(priceBand(295_000, 1, SLAB_2025)).toBe('between');
    expect(priceBand(295_001, 1, SLAB_2025)).toBe('high');
    expect(apparelRateBps(280_000, 1, SLAB_2025)).toBe(1800);
  });

  it('decides per piece: three pieces of ₹2,625 stay at 5%', () => {
    expect(apparelRateBps(787_500, 3, SLAB_2025)).toBe(500);
    expect(apparelRateBps(787_503, 3, SLAB_2025)).toBe(1800);
  });

  it('uses the old slab before 22 September 2025: ₹1,050 inclusive at 5%, ₹1,121 at 12%', () => {
    const old = apparelSlabOn('2025-01-01');
    expect(apparelRateBps(105_000, 1, old)).toBe(500);
    expect(apparelRateBps(112_100, 1, old)).toBe(1200);
  });
});

describe('splitting an inclusive amount', () => {
  it('takes 5% out of ₹1,050 as ₹50, halved within the state', () => {
    expect(splitInclusive(105_000, 500, true)).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 2500,
      sgstPaise: 2500,
      igstPaise: 0,
    });
    expect(splitInclusive(105_000, 500, false)).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 5000,
    });
  });

  it('rounds to the paisa and always adds up to the amount', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (let i = 0; i < 2000; i += 1) {
      const amount = next() % 10_000_000;
      const rate = [500, 1200, 1800][next() % 3]!;
      for (const intra of [true, false]) {
        const s = splitInclusive(amount, rate, intra);
        expect(s.taxablePaise + s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(amount);
        expect(s.cgstPaise).toBe(s.sgstPaise);
        const exactTax = (amount * rate) / (10_000 + rate);
        expect(Math.abs(s.cgstPaise + s.sgstPaise + s.igstPaise - exactTax)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('splits a credit as the opposite of the sale', () => {
    expect(splitInclusive(-79_900, 500, true)).toEqual({
      taxablePaise: -76_096,
      cgstPaise: -1902,
      sgstPaise: -1902,
      igstPaise: -0,
    });
  });
});

describe('an invoice', () => {
  const lines = [
    { description: 'Oversized T-shirt (Black, L)', hsn: '6109', quantity: 2, amountPaise: 159_800 },
    { description: 'Varsity Jacket (Navy, M)', hsn: '6201', quantity: 1, amountPaise: 349_900 },
  ];

  it('charges CGST + SGST within the seller state and IGST across states', () => {
    const intra = computeGstInvoice({
      date: '2025-11-01',
      sellerStateCode: '27',
      placeOfSupplyCode: '27',
      lines,
      fees: [],
    });
    expect(intra.intraState).toBe(true);
    expect(intra.lines.map((l) => l.rateBps)).toEqual([500, 1800]);
    expect(intra.totals.igstPaise).toBe(0);
    const inter = computeGstInvoice({
      date: '2025-11-01',
      sellerStateCode: '27',
      placeOfSupplyCode: '29',
      lines,
      fees: [],
    });
    expect(inter.totals.cgstPaise + inter.totals.sgstPaise).toBe(0);
    expect(inter.totals.igstPaise).toBe(7610 + 53_375);
  });

  it('taxes fees at the rate and HSN of the principal garment', () => {
    const tax = computeGstInvoice({
      date: '2025-11-01',
      sellerStateCode: '27',
      placeOfSupplyCode: '07',
      lines,
      fees: [
        { description: 'Cash on delivery fee', amountPaise: 5000 },
        { description: 'Shipping', amountPaise: 0 },
      ],
    });
    expect(tax.lines).toHaveLength(3);
    expect(tax.lines[2]).toMatchObject({
      description: 'Cash on delivery fee',
      hsn: '6201',
      rateBps: 1800,
      band: 'fee',
      igstPaise: 763,
    });
    expect(tax.totals.amountPaise).toBe(159_800 + 349_900 + 5000);
    expect(tax.totals.taxablePaise + tax.totals.igstPaise).toBe(tax.totals.amountPaise);
  });

  it('prices a discounted line at its rate after the discount', () => {
    // ₹2,999 less 20% (₹599, rounded down to whole rupees) is ₹2,400: 5%.
    const tax = computeGstInvoice({
      date: '2025-11-01',
      sellerStateCode: '27',
      placeOfSupplyCode: '27',
      lines: [{ description: 'Tee', hsn: '6109', quantity: 1, amountPaise: 299_900 - 59_900 }],
      fees: [],
    });
    expect(tax.lines[0]!.rateBps).toBe(500);
    expect(apparelRateBps(299_900, 1, SLAB_2025)).toBe(1800);
  });

  it('refuses a fee without goods', () => {
    expect(() =>
      computeGstInvoice({
        date: '2025-11-01',
        sellerStateCode: '27',
        placeOfSupplyCode: '27',
        lines: [],
        fees: [{ description: 'Shipping', amountPaise: 5000 }],
      }),
    ).toThrow(RangeError);
  });
});

describe('HSN codes by type', () => {
  it('gives tees 6109, hoodies and sweatshirts 6110, jackets 6201', () => {
    expect(defaultHsnForType('Oversized T-shirt')).toBe('6109');
    expect(defaultHsnForType('Crop Top')).toBe('6109');
    expect(defaultHsnForType('Zip Hoodie')).toBe('6110');
    expect(defaultHsnForType('Oversized Sweatshirt')).toBe('6110');
    expect(defaultHsnForType('Varsity Jacket')).toBe('6201');
  });
});

describe('GSTIN', () => {
  it('accepts a valid number and names what is wrong with others', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('check');
    expect(gstinProblem('25AAPFU0939F1ZV')).toBe('state');
    expect(gstinProblem('27AAPFU0939F1YV')).toBe('format');
    expect(gstinProblem('27aapfu0939f1zv')).toBe('format');
    expect(normaliseGstin(' 27aapfu 0939f1zv ')).toBe('27AAPFU0939F1ZV');
  });

  it('knows a code for every delivery state, each different', () => {
    const codes = STATES_AND_UTS.map((s) => gstStateCode(s));
    expect(codes.every((c) => c !== undefined && /^\d{2}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(36);
    expect(gstStateCode('orissa')).toBe('21');
    expect(gstStateCode('Atlantis')).toBeUndefined();
    expect(stateOfGstCode('29')).toBe('Karnataka');
  });
});

describe('document numbers', () => {
  it('restarts the financial year on 1 April', () => {
    expect(financialYear('2026-03-31')).toEqual({ startYear: 2025, label: '25-26' });
    expect(financialYear('2026-04-01')).toEqual({ startYear: 2026, label: '26-27' });
    expect(financialYear('2099-12-31').label).toBe('99-00');
  });

  it('formats RZ/25-26/000123 and refuses what would not fit 16 characters', () => {
    expect(documentNumber('RZ', '25-26', 123)).toBe('RZ/25-26/000123');
    expect(documentNumber('RZC', '25-26', 999_999)).toHaveLength(16);
    expect(() => documentNumber('RZC', '25-26', 1_000_000)).toThrow(RangeError);
    expect(() => documentNumber('R Z', '25-26', 1)).toThrow(RangeError);
    expect(() => documentNumber('RZ', '25-26', 0)).toThrow(RangeError);
  });
});

describe('amounts in words', () => {
  it('writes the Indian way', () => {
    expect(indianNumberInWords(0)).toBe('Zero');
    expect(indianNumberInWords(1299)).toBe('One Thousand Two Hundred Ninety-Nine');
    expect(indianNumberInWords(1_23_45_678)).toBe(
      'One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight',
    );
    expect(indianNumberInWords(100_000)).toBe('One Lakh');
    expect(rupeesInWords(129_950)).toBe('Rupees One Thousand Two Hundred Ninety-Nine and Fifty Paise Only');
    expect(rupeesInWords(80_000)).toBe('Rupees Eight Hundred Only');
  });
});
