// The accountant's exports (docs/gst.md#exports) end to end: the owner opens Books, which shows the current month
// (India time), sees its totals and downloads the GSTR-1 B2CS table and the invoice register as a spreadsheet,
// each named after the month and starting with its header row. The page passes axe.
import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, nav, test } from './back-office.ts';

/** The current month in India, YYYY-MM. */
const indiaMonth = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);

async function downloaded(page: Page, button: string): Promise<{ name: string; body: Buffer }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const download: Download = await downloading;
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), body: Buffer.concat(chunks) };
}

test("the owner downloads the month's B2CS table and invoice register", async ({ page, openBackOffice }) => {
  const month = indiaMonth();
  await openBackOffice('/admin');
  await nav(page).getByRole('link', { name: 'Books' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();
  await expect(page.getByLabel('Month', { exact: true })).toHaveValue(month);
  await expect(page.getByRole('rowheader', { name: 'Net' })).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/books');

  const b2cs = await downloaded(page, 'B2CS (CSV)');
  expect(b2cs.name).toBe(`rangrez-gstr1-b2cs-${month}.csv`);
  expect(b2cs.body.toString('utf8').split('\r\n')[0]).toBe(
    'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
  );

  const register = await downloaded(page, 'Invoice register (XLSX)');
  expect(register.name).toBe(`rangrez-invoice-register-${month}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(register.body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Invoice register');
  expect((sheet?.getRow(1).values as unknown[]).slice(1)).toEqual([
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
});
