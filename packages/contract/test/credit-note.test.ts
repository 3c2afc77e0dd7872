import { describe, expect, it } from 'vitest';
import {
  buildCreditNote,
  buildTaxDocument,
  creditedSoFar,
  creditShares,
  type TaxDocument,
} from '../src/rules/index.ts';

const seller = { name: 'Rangrez', address: ['Mumbai'], stateCode: '27', stateName: 'Maharashtra' };

function invoice(): TaxDocument {
  return buildTaxDocument({
    kind: 'invoice',
    number: 'RZ/26-27/000010',
    date: '2026-11-26',
    orderNumber: 'RZ1',
    seller,
    buyer: { name: 'Asha', address: ['Mumbai'], stateCode: '27', stateName: 'Maharashtra' },
    // Two tees at ₹799 (5%) and a hoodie at ₹3,499 (18%), ₹50 shipping at the hoodie's rate.
    lines: [
      { description: 'Tee', hsn: '6109', quantity: 2, amountPaise: 159_800 },
      { description: 'Hoodie', hsn: '6110', quantity: 1, amountPaise: 349_900 },
    ],
    fees: [{ description: 'Shipping and handling', amountPaise: 5000 }],
  });
}

const note = (
  inv: TaxDocument,
  notes: TaxDocument[],
  amountPaise: number,
  items?: { line: number; quantity: number }[],
) => {
  const credited = creditedSoFar(inv, notes);
  const shares = creditShares({ invoice: inv, credited, amountPaise, ...(items ? { items } : {}) });
  return buildCreditNote({
    invoice: inv,
    credited,
    shares,
    number: `RZC/26-27/00000${notes.length + 1}`,
    date: '2026-11-30',
  });
};

describe('credit notes', () => {
  it("credits a return's pieces at their share of the line, at the invoice's rate", () => {
    const inv = invoice();
    const cn = note(inv, [], 79_900, [{ line: 0, quantity: 1 }]);
    expect(cn.lines).toEqual([
      expect.objectContaining({
        invoiceLine: 0,
        quantity: 1,
        rateBps: 500,
        amountPaise: 79_900,
        cgstPaise: 1902,
        sgstPaise: 1902,
      }),
    ]);
    expect(cn.refersTo).toEqual({ number: 'RZ/26-27/000010', date: '2026-11-26' });
    expect(cn.totals.amountPaise).toBe(79_900);
  });

  it('spreads a refund tied to no pieces over every line, fees included, by the largest remainder', () => {
    const inv = invoice();
    const cn = note(inv, [], 10_000);
    expect(cn.lines.map((l) => [l.invoiceLine, l.quantity, l.amountPaise])).toEqual([
      // ₹100 x 1,598 / 5,147 = 31.0472 (the largest remainder takes the last paisa), 67.9813, 0.9714.
      [0, 0, 3105],
      [1, 0, 6798],
      [2, 0, 97],
    ]);
    expect(cn.lines[1]?.rateBps).toBe(1800);
    expect(cn.totals.amountPaise).toBe(10_000);
  });

  it('credits what is left at the end, so all credit notes of a full refund add up to the invoice exactly', () => {
    const inv = invoice();
    const first = note(inv, [], 12_345);
    const second = note(inv, [first], 1_000_000);
    for (const key of ['amountPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const) {
      expect(first.totals[key] + second.totals[key]).toBe(inv.totals[key]);
    }
    expect(second.lines.map((l) => l.quantity)).toEqual([0, 0, 0]);
    expect(note(inv, [first, second], 500).lines).toEqual([]);
  });
});
