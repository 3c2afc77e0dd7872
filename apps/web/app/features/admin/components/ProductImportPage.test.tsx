// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import {
  type AdminCsvImportReport,
  adminCsvImportReportSchema,
} from '@rangrez/contract/schemas/admin-catalogue-csv';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import { type FakeUpload, fakeUploads, makeStaff, renderInSession } from '../test-helpers';
import { ProductImportPage } from './ProductImportPage';

let report: AdminCsvImportReport;
let uploads: FakeUpload[];
const file = new File(['handle,name\nkesari,Kesari Tee\n'], 'products.csv', { type: 'text/csv' });
const clean: AdminCsvImportReport = {
  dryRun: true,
  rows: 3,
  products: { create: 1, update: 2 },
  variants: { create: 4, update: 5 },
  errors: [],
  ignoredColumns: ['notes'],
};

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  report = clean;
  uploads = fakeUploads((upload) =>
    apiResponse(adminCsvImportReportSchema, { ...report, dryRun: upload.path.endsWith('dryRun=true') }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function checkFile() {
  renderInSession(ProductImportPage, makeStaff('catalogue'));
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
  await screen.findByText(/product rows read/);
}

describe('ProductImportPage', () => {
  it('checks the file first and shows its errors, with no Import button', async () => {
    report = {
      ...clean,
      errors: [
        { row: 4, column: 'price', message: 'price must be whole rupees' },
        { row: null, column: null, message: 'Required columns missing: sku' },
      ],
    };
    await checkFile();
    expect(uploads).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/products/import?dryRun=true',
        body: file,
        contentType: 'text/csv',
        authorization: 'Bearer staff-token-1',
      }),
    ]);
    const rows = within(screen.getByRole('region', { name: 'Errors in the file' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) => Array.from(r.children, (c) => c.textContent));
    expect(rows).toEqual([
      ['4', 'price', 'price must be whole rupees'],
      ['File', '—', 'Required columns missing: sku'],
    ]);
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('shows the counts and ignored columns, then imports the same file with dryRun=false', async () => {
    await checkFile();
    expect(screen.getByText('Products to create').nextSibling?.textContent).toBe('1');
    expect(screen.getByText('Variants to update').nextSibling?.textContent).toBe('5');
    expect(screen.getByText('notes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('Imported.');
    expect(uploads.map((u) => [u.path, u.body])).toEqual([
      ['/products/import?dryRun=true', file],
      ['/products/import?dryRun=false', file],
    ]);
    expect(screen.getByText('Imported.')).toBeTruthy();
    expect(screen.getByText('Products created')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('gives the upload five minutes, for a file of the whole catalogue', async () => {
    await checkFile();
    expect(uploads.map((u) => u.timeout)).toEqual([300_000]);
  });

  it('says the server is checking once the last byte is sent, until its answer', async () => {
    let answer: (text: string) => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        answer = (text) => {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        };
      },
    });
    fakeUploads(() => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
    renderInSession(ProductImportPage, makeStaff('catalogue'));
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    const checking = await screen.findByRole('progressbar', { name: 'Checking every row' });
    // No share: the server does not report how far it is.
    expect(checking.hasAttribute('value')).toBe(false);
    answer(JSON.stringify(clean));
    await screen.findByText(/product rows read/);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('refuses a file over the limit before sending it', () => {
    renderInSession(ProductImportPage, makeStaff('catalogue'));
    const large = new File(['handle\n'], 'catalogue.csv', { type: 'text/csv' });
    Object.defineProperty(large, 'size', { value: 40 * 1024 * 1024 });
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [large] } });
    expect(screen.getByRole('alert').textContent).toBe(
      "The file is 40.0 MB; an import takes up to 32.0 MB. Split it into several files, each product's rows in the same file.",
    );
    expect(screen.getByRole('button', { name: 'Check the file' }).hasAttribute('disabled')).toBe(true);
    expect(uploads).toEqual([]);
  });

  it('refuses a role without products:write', () => {
    renderInSession(ProductImportPage, makeStaff('support'));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByLabelText('CSV file')).toBeNull();
  });
});
