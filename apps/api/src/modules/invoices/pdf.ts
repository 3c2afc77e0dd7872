// A tax document as a PDF (docs/gst.md#pdf): A4, one table of lines, everything rule 46 of the CGST Rules asks
// for. The font is Noto Sans Devanagari, embedded (subset): the PDF built-in fonts print neither ₹ nor Hindi names,
// and this one face carries Latin, Devanagari and the rupee sign.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { TaxDocument, TaxDocumentLine, TaxParty } from '@rangrez/contract/rules';

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;

function loadFonts() {
  fonts ??= {
    regular: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
    ),
    bold: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
    ),
  };
  return fonts;
}

const grouping = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Paise as rupees with two decimals, grouped the Indian way: 152190 -> '1,521.90'. */
export function invoiceAmount(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  return `${sign}${grouping.format(Math.abs(paise) / 100)}`;
}

const percent = (bps: number) => `${bps / 100}%`;

const PAGE = { margin: 36, width: 595.28 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell: (line: TaxDocumentLine, index: number) => string;
}

function columns(doc: TaxDocument): Column[] {
  const tax: Column[] = doc.intraState
    ? [
        { title: 'CGST', width: 54, align: 'right', cell: (l) => invoiceAmount(l.cgstPaise) },
        { title: 'SGST', width: 54, align: 'right', cell: (l) => invoiceAmount(l.sgstPaise) },
      ]
    : [{ title: 'IGST', width: 108, align: 'right', cell: (l) => invoiceAmount(l.igstPaise) }];
  const fixed: Column[] = [
    { title: '#', width: 18, align: 'left', cell: (_l, i) => String(i + 1) },
    { title: 'HSN', width: 40, align: 'left', cell: (l) => l.hsn },
    { title: 'Qty', width: 44, align: 'right', cell: (l) => `${l.quantity} ${l.unit}` },
    { title: 'Taxable value', width: 66, align: 'right', cell: (l) => invoiceAmount(l.taxablePaise) },
    { title: 'Rate', width: 34, align: 'right', cell: (l) => percent(l.rateBps) },
    ...tax,
    { title: 'Amount', width: 66, align: 'right', cell: (l) => invoiceAmount(l.amountPaise) },
  ];
  const used = fixed.reduce((sum, c) => sum + c.width, 0);
  const description: Column = {
    title: 'Description',
    width: CONTENT_WIDTH - used,
    align: 'left',
    cell: (l) => l.description,
  };
  return [fixed[0]!, description, ...fixed.slice(1)];
}

function party(pdf: PDFKit.PDFDocument, heading: string, p: TaxParty, x: number, y: number, width: number) {
  pdf.font('bold').fontSize(8).text(heading, x, y, { width });
  pdf.font('bold').fontSize(9).text(p.name, { width });
  pdf.font('regular').fontSize(8.5);
  for (const line of p.address) pdf.text(line, { width });
  pdf.text(`State: ${p.stateName} (${p.stateCode})`, { width });
  if (p.gstin) pdf.text(`GSTIN: ${p.gstin}`, { width });
  return pdf.y;
}

function header(pdf: PDFKit.PDFDocument, doc: TaxDocument) {
  const title = doc.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note';
  pdf.font('bold').fontSize(16).text(title, PAGE.margin, PAGE.margin);
  const metaX = PAGE.margin + CONTENT_WIDTH / 2;
  const meta: [string, string][] = [
    [doc.kind === 'invoice' ? 'Invoice number' : 'Credit note number', doc.number],
    ['Date', doc.date.split('-').reverse().join('-')],
    ['Order', doc.orderNumber],
    ['Place of supply', `${doc.placeOfSupply.stateName} (${doc.placeOfSupply.stateCode})`],
  ];
  if (doc.refersTo)
    meta.push([
      'Against invoice',
      `${doc.refersTo.number} of ${doc.refersTo.date.split('-').reverse().join('-')}`,
    ]);
  let y = PAGE.margin + 24;
  const sellerBottom = party(pdf, 'Sold by', doc.seller, PAGE.margin, y, CONTENT_WIDTH / 2 - 12);
  for (const [label, value] of meta) {
    pdf.font('regular').fontSize(8.5).text(`${label}: `, metaX, y, { continued: true });
    pdf.font('bold').text(value);
    y = pdf.y;
  }
  const buyerTop = Math.max(sellerBottom, y) + 12;
  return (
    party(
      pdf,
      doc.kind === 'invoice' ? 'Billed and shipped to' : 'Issued to',
      doc.buyer,
      PAGE.margin,
      buyerTop,
      CONTENT_WIDTH,
    ) + 12
  );
}

function row(pdf: PDFKit.PDFDocument, cols: Column[], cells: string[], y: number, bold: boolean): number {
  let x = PAGE.margin;
  let bottom = y;
  pdf.font(bold ? 'bold' : 'regular').fontSize(8);
  cols.forEach((col, i) => {
    pdf.text(cells[i]!, x + 2, y + 3, { width: col.width - 4, align: col.align });
    bottom = Math.max(bottom, pdf.y);
    x += col.width;
  });
  const end = bottom + 3;
  pdf
    .moveTo(PAGE.margin, end)
    .lineTo(PAGE.margin + CONTENT_WIDTH, end)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  return end;
}

function table(pdf: PDFKit.PDFDocument, doc: TaxDocument, top: number): number {
  const cols = columns(doc);
  pdf
    .moveTo(PAGE.margin, top)
    .lineTo(PAGE.margin + CONTENT_WIDTH, top)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  let y = row(
    pdf,
    cols,
    cols.map((c) => c.title),
    top,
    true,
  );
  doc.lines.forEach((line, i) => {
    if (y > 760) {
      pdf.addPage();
      y = row(
        pdf,
        cols,
        cols.map((c) => c.title),
        PAGE.margin,
        true,
      );
    }
    y = row(
      pdf,
      cols,
      cols.map((c) => c.cell(line, i)),
      y,
      false,
    );
  });
  const t = doc.totals;
  const totals = cols.map((c) => {
    if (c.title === 'Description') return 'Total';
    if (c.title === 'Taxable value') return invoiceAmount(t.taxablePaise);
    if (c.title === 'CGST') return invoiceAmount(t.cgstPaise);
    if (c.title === 'SGST') return invoiceAmount(t.sgstPaise);
    if (c.title === 'IGST') return invoiceAmount(t.igstPaise);
    if (c.title === 'Amount') return invoiceAmount(t.amountPaise);
    return '';
  });
  return row(pdf, cols, totals, y, true);
}

function footer(pdf: PDFKit.PDFDocument, doc: TaxDocument, top: number) {
  const x = PAGE.margin;
  pdf
    .font('bold')
    .fontSize(9)
    .text(`Total: ₹${invoiceAmount(doc.totals.amountPaise)}`, x, top + 10);
  pdf.font('regular').fontSize(8.5).text(`Amount in words: ${doc.amountInWords}`);
  pdf.text('Prices include GST.');
  pdf.text('Tax is not payable on reverse charge.');
  pdf.moveDown(2);
  pdf.font('bold').text(`For ${doc.seller.name}`, x, pdf.y, { width: CONTENT_WIDTH, align: 'right' });
  pdf.moveDown(2);
  pdf.font('regular').text('Authorised Signatory', { width: CONTENT_WIDTH, align: 'right' });
}

/** The PDF of an issued document. Rendering is deterministic apart from the creation date in its metadata. */
export function renderTaxDocumentPdf(doc: TaxDocument): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: {
      Title: `${doc.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note'} ${doc.number}`,
      Author: doc.seller.name,
    },
  });
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  footer(pdf, doc, table(pdf, doc, header(pdf, doc)));
  pdf.end();
  return done;
}
