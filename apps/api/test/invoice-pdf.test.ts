import { buildTaxDocument, type TaxDocument } from '@rangrez/contract/rules';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { invoiceAmount, renderTaxDocumentPdf } from '../src/modules/invoices/pdf.ts';

const seller = {
  name: 'Rangrez Apparel Private Limited',
  address: ['12 Linking Road', 'Bandra West, Mumbai 400050'],
  stateCode: '27',
  stateName: 'Maharashtra',
  gstin: '27AAPFU0939F1ZV',
};

function invoice(buyerState: string, buyerStateName: string): TaxDocument {
  return buildTaxDocument({
    kind: 'invoice',
    number: 'RZ/25-26/000123',
    date: '2025-11-03',
    orderNumber: 'RZ10042',
    seller,
    buyer: {
      name: 'राहुल शर्मा',
      address: ['4 MG Road', 'Bengaluru 560001'],
      stateCode: buyerState,
      stateName: buyerStateName,
    },
    lines: [
      { description: 'Oversized T-shirt, Black, L', hsn: '6109', quantity: 2, amountPaise: 159_800 },
      { description: 'Varsity Jacket, Navy, M', hsn: '6201', quantity: 1, amountPaise: 349_900 },
    ],
    fees: [{ description: 'Cash on delivery fee', amountPaise: 5000 }],
  });
}

async function pdfText(pdf: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false });
  const document = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await task.destroy();
  return pages.join('\n');
}

describe('the invoice PDF', () => {
  it('prints the rupee sign, the Hindi name, the tax columns and totals that match the document', async () => {
    const doc = invoice('29', 'Karnataka');
    const text = await pdfText(await renderTaxDocumentPdf(doc));
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('RZ/25-26/000123');
    expect(text).toContain('राहुल');
    expect(text).toContain(`₹${invoiceAmount(doc.totals.amountPaise)}`);
    expect(text).toContain('₹5,147.00');
    expect(text).toContain('IGST');
    expect(text).not.toContain('CGST');
    expect(text).toContain(invoiceAmount(doc.totals.igstPaise));
    expect(text).toContain('Rupees Five Thousand One Hundred Forty-Seven Only');
    expect(text).toContain('Tax is not payable on reverse charge.');
    expect(text).toContain('Karnataka (29)');
    expect(text).toContain('Authorised Signatory');
  });

  it('splits CGST and SGST within the seller state', async () => {
    const doc = invoice('27', 'Maharashtra');
    const text = await pdfText(await renderTaxDocumentPdf(doc));
    expect(text).toContain('CGST');
    expect(text).toContain('SGST');
    expect(text).not.toContain('IGST');
    expect(doc.totals.cgstPaise).toBe(doc.totals.sgstPaise);
    expect(text).toContain(invoiceAmount(doc.totals.cgstPaise));
  });
});
