// `npm run bench:invoices`: how long one tax invoice takes to become a PDF (docs/gst.md#pdf), the work the invoice
// job does after each issue. Renders COUNT invoices of one to six lines for buyers in different states, one after
// another as the job does, and prints wall time and CPU time per invoice (goal: p95 <= 70 ms).
//
//   npm run bench:invoices -- --count 500
import { parseArgs } from 'node:util';
import { buildTaxDocument, GST_STATE_CODES, type TaxDocument } from '@rangrez/contract/rules';
import { renderTaxDocumentPdf } from '../apps/api/src/modules/invoices/pdf.ts';
import { textTable } from './lib/report.ts';

const { values: args } = parseArgs({ options: { count: { type: 'string', default: '500' } } });
const COUNT = Number(args.count);
const WARM_UP = 20;
const TARGET_P95_MS = 70;

const NAMES = ['Aarav Mehta', 'राहुल शर्मा', 'Priya Nair', 'अनुष्का वर्मा', 'Kabir Singh'];
const ITEMS = [
  ['Oversized T-shirt, Black, L', '6109', 79_900],
  ['Acid Wash Hoodie, Grey, M', '6110', 189_900],
  ['Varsity Jacket, Navy, XL', '6201', 349_900],
  ["Women's Classic T-shirt, White, S", '6109', 69_900],
  ['Zip Hoodie, Olive, XXL', '6110', 219_900],
  ['Crop Top, Lilac, XS', '6109', 59_900],
] as const;
const STATES = Object.entries(GST_STATE_CODES);

function sample(i: number): TaxDocument {
  const [stateName, stateCode] = STATES[i % STATES.length]!;
  const count = 1 + (i % ITEMS.length);
  return buildTaxDocument({
    kind: 'invoice',
    number: `RZ/25-26/${String(i + 1).padStart(6, '0')}`,
    date: '2025-11-03',
    orderNumber: `RZ${10_000 + i}`,
    seller: {
      name: 'Rangrez Apparel Private Limited',
      address: ['12 Linking Road', 'Bandra West, Mumbai 400050'],
      stateCode: '27',
      stateName: 'Maharashtra',
      gstin: '27AAPFU0939F1ZV',
    },
    buyer: {
      name: NAMES[i % NAMES.length]!,
      address: ['Flat 4, Some Street', 'Some City 400001'],
      stateCode,
      stateName,
    },
    lines: ITEMS.slice(0, count).map(([description, hsn, price], n) => ({
      description,
      hsn,
      quantity: 1 + ((i + n) % 3),
      amountPaise: price * (1 + ((i + n) % 3)),
    })),
    fees: i % 2 ? [{ description: 'Cash on delivery fee', amountPaise: 5000 }] : [],
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  for (let i = 0; i < WARM_UP; i++) await renderTaxDocumentPdf(sample(i));
  const wall: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < COUNT; i++) {
    const doc = sample(i);
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    const pdf = await renderTaxDocumentPdf(doc);
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    bytes += pdf.length;
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const p95 = percentile(wall, 95);
  process.stdout.write(
    `Tax invoice PDFs: ${COUNT} rendered one after another (after ${WARM_UP} to warm up)\n`,
  );
  process.stdout.write(
    `${textTable(
      ['per invoice', 'p50', 'p95', 'p99'],
      [
        ['wall time (ms)', ...[50, 95, 99].map((p) => percentile(wall, p).toFixed(1))],
        ['CPU time (ms)', ...[50, 95, 99].map((p) => percentile(cpu, p).toFixed(1))],
      ],
    )}\n`,
  );
  process.stdout.write(`  average size ${(bytes / COUNT / 1024).toFixed(1)} KB\n`);
  process.stdout.write(
    `  p95 wall ${p95.toFixed(1)} ms, goal <= ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'met' : 'missed'}\n`,
  );
}

await main();
