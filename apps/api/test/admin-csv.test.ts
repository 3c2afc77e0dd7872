// The product CSV: what breaks other shops' importers works here. Files from spreadsheets (a byte order mark,
// headers in another order and case, quoted commas and line breaks, '₹1,299'), Hindi and emoji, and files with
// mistakes: every error is reported with its row and column, and a file with any error writes nothing.
import {
  createCategoryGroup,
  createProduct,
  createSubCategory,
  variantStock,
} from '@rangrez/db/factories/catalogue';
import { PRODUCT_CSV_MAX_BYTES } from '@rangrez/contract/schemas';
import { auditLog, productVariants, products } from '@rangrez/db/schema';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInStaff, signedInStaff } from './admin-helpers.ts';
import { type TestApp, createTestApp } from './helpers.ts';

let t: TestApp;
let editor: SignedInStaff;
/** A sub-category with a name of its own, and one name that two groups share. */
let tees: { name: string; group: string; groupId: string };
let shared: { name: string; groups: string[] };

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;

beforeAll(async () => {
  t = await createTestApp();
  editor = await signedInStaff(t, 'catalogue');
  const db = t.database.db;
  const men = await createCategoryGroup(db, { name: unique('Men') });
  const women = await createCategoryGroup(db, { name: unique('Women') });
  const teesName = unique('Graphic Tees');
  await createSubCategory(db, { name: teesName, parentId: men.id });
  tees = { name: teesName, group: men.name, groupId: men.id };
  const sharedName = unique('Oversized T-Shirt');
  await createSubCategory(db, { name: sharedName, parentId: men.id });
  await createSubCategory(db, { name: sharedName, parentId: women.id });
  shared = { name: sharedName, groups: [men.name, women.name] };
});
afterAll(() => t.close());

const importCsv = (csv: string | Buffer, dryRun: boolean, contentType = 'text/csv; charset=utf-8') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/products/import?dryRun=${dryRun}`,
    headers: { ...editor.headers, 'content-type': contentType },
    payload: csv,
  });

const exportCsv = () => t.app.inject({ url: '/api/v1/admin/products/export.csv', headers: editor.headers });

/** The export's rows by column, the way a spreadsheet would read them. */
const exportedRows = async () =>
  parse((await exportCsv()).rawPayload, { bom: true, columns: true }) as Record<string, string>[];

const COLUMNS = ['handle', 'name', 'sku', 'price', 'category', 'group', 'color', 'size', 'stock'];

/** A file of the required columns and group, one row per variant. */
function file(rows: Record<string, string | number>[], columns = COLUMNS): string {
  return stringify([columns, ...rows.map((r) => columns.map((c) => String(r[c] ?? '')))]);
}

function teeRow(handle: string, overrides: Record<string, string | number> = {}) {
  return {
    handle,
    name: 'Kaiju Tee',
    sku: handle.toUpperCase(),
    price: 799,
    category: tees.name,
    group: tees.group,
    color: 'Bk',
    size: 'M',
    stock: 5,
    ...overrides,
  };
}

async function productBySlug(slug: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.slug, slug));
  return row;
}

/** How many products, variants and audit rows the store has: a check that wrote nothing leaves them as they were. */
async function tableCounts() {
  const db = t.database.db;
  const count = async (table: typeof products | typeof productVariants | typeof auditLog) =>
    Number((await db.select({ n: sql<number>`count(*)` }).from(table))[0]?.n);
  return {
    products: await count(products),
    variants: await count(productVariants),
    audit: await count(auditLog),
  };
}

describe('export', () => {
  it('lists every product that is not archived, one row per variant, as Excel reads CSV', async () => {
    const tee = await createProduct(t.database.db, {
      name: 'Export Tee, "Limited"',
      description: 'Heavy cotton.\nPrinted in India.',
      details: ['100% Cotton', '240 GSM'],
      tags: ['anime', 'summer'],
      hsnCode: '6109',
      addInfo: 'Country of origin: India\nCare: wash cold',
      seoTitle: 'Export Tee | Rangrez',
      seoDescription: 'A limited tee.',
      colors: ['Wh', 'Bk'],
      sizes: ['S', 'M'],
      stock: 3,
    });
    const archived = await createProduct(t.database.db, { archivedAt: new Date() });
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="rangrez-products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.slice(1, text.indexOf('\r\n'))).toBe(
      'handle,name,sku,price,mrp_rule,mrp_value,category,group,garment_type,hsn_code,tags,published,description,details,add_info,seo_title,seo_description,color,size,stock,fulfilment_sku,sellable',
    );
    // RFC 4180: a field with a comma, a quote or a line break is quoted, quotes doubled; rows end with CRLF.
    expect(text).toContain('"Export Tee, ""Limited"""');
    expect(text).toContain('"Heavy cotton.\nPrinted in India."');
    const rows = (await exportedRows()).filter((r) => r.handle === tee.slug);
    expect(rows.map((r) => `${r.color}-${r.size}`)).toEqual(['Wh-S', 'Wh-M', 'Bk-S', 'Bk-M']);
    expect(rows[0]).toEqual({
      handle: tee.slug,
      name: 'Export Tee, "Limited"',
      sku: tee.sku,
      price: '799',
      mrp_rule: 'markup',
      mrp_value: '300',
      category: expect.stringMatching(/^Test Sub Category/),
      group: expect.stringMatching(/^Test Group/),
      garment_type: 'Oversized T-shirt',
      hsn_code: '6109',
      tags: 'anime, summer',
      published: 'yes',
      description: 'Heavy cotton.\nPrinted in India.',
      details: '100% Cotton | 240 GSM',
      add_info: 'Country of origin: India\nCare: wash cold',
      seo_title: 'Export Tee | Rangrez',
      seo_description: 'A limited tee.',
      color: 'Wh',
      size: 'S',
      stock: '3',
      fulfilment_sku: '',
      sellable: 'yes',
    });
    // The product's fields are on its first row only: each is one cell to edit.
    for (const row of rows.slice(1))
      expect(Object.entries(row).filter(([, value]) => value !== '')).toEqual([
        ['handle', tee.slug],
        ['color', row.color],
        ['size', row.size],
        ['stock', '3'],
        ['sellable', 'yes'],
      ]);
    expect(rows.some((r) => r.handle === archived.slug)).toBe(false);
  });

  it('guards cells a spreadsheet would run as a formula, and the import takes the guard off', async () => {
    const handle = unique('formula-tee');
    const created = await importCsv(
      file([teeRow(handle, { name: '=HYPERLINK("http://x.test","Tee")' })]),
      false,
    );
    expect(created.statusCode).toBe(200);
    const row = (await exportedRows()).find((r) => r.handle === handle);
    expect(row?.name).toBe(`'=HYPERLINK("http://x.test","Tee")`);
    expect((await productBySlug(handle))?.name).toBe('=HYPERLINK("http://x.test","Tee")');
  });

  it('is open to whoever reads the catalogue, and to no one signed out', async () => {
    const ops = await signedInStaff(t, 'ops');
    const asOps = await t.app.inject({ url: '/api/v1/admin/products/export.csv', headers: ops.headers });
    expect(asOps.statusCode).toBe(200);
    const anonymous = await t.app.inject({ url: '/api/v1/admin/products/export.csv' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('import: files as spreadsheets and other shops write them', () => {
  it('reads headers in any order and case, after a byte order mark, and creates the product', async () => {
    const handle = unique('order-tee');
    const csv =
      '\uFEFFStock,SIZE,Color,Handle,Name,PRICE,SKU,Category,Group\r\n' +
      `7,m,Bk,${handle},Order Tee,899,${handle.toUpperCase()},${tees.name.toLowerCase()},${tees.group}\r\n` +
      `2,L,Bk,${handle},Order Tee,899,${handle.toUpperCase()},${tees.name},${tees.group}\r\n`;
    const res = await importCsv(csv, false);
    expect(res.json()).toMatchObject({
      dryRun: false,
      rows: 2,
      products: { create: 1, update: 0 },
      variants: { create: 2, update: 0 },
      errors: [],
    });
    const product = await productBySlug(handle);
    expect(product).toMatchObject({ name: 'Order Tee', pricePaise: 89_900, stock: 9, isActive: false });
    expect(product?.sizes).toEqual(['M', 'L']);
    expect(await variantStock(t.database.db, product!.id, 'Bk', 'M')).toBe(7);
  });

  it('keeps commas, quotes and line breaks inside quoted fields', async () => {
    const handle = unique('quoted-tee');
    const csv =
      'handle,name,sku,price,category,group,description,details,color,size,stock\n' +
      `${handle},"Tee, ""Ronin"" edition",${handle.toUpperCase()},799,${tees.name},${tees.group},` +
      `"Soft, heavy cotton.\r\nWash cold, inside out.","100% Cotton, combed | 240 GSM",Bk,M,1\n`;
    const res = await importCsv(csv, false);
    expect(res.json().errors).toEqual([]);
    expect(await productBySlug(handle)).toMatchObject({
      name: 'Tee, "Ronin" edition',
      description: 'Soft, heavy cotton.\r\nWash cold, inside out.',
      details: ['100% Cotton, combed', '240 GSM'],
    });
  });

  it('reads a semicolon-separated file (Excel where the decimal separator is a comma), commas kept in quotes', async () => {
    const handle = unique('semicolon-tee');
    const csv =
      'handle;name;sku;price;category;group;description;details;tags;color;size;stock\r\n' +
      `${handle};"Tee, ""Ronin"" edition";${handle.toUpperCase()};"₹1,299";${tees.name};${tees.group};` +
      `"Soft; heavy cotton, washed.\r\nWash cold.";"100% Cotton, combed | 240 GSM";"anime, summer";Bk;M;4\r\n` +
      `${handle};;;;;;;;;Bk;L;2\r\n`;
    const res = await importCsv(csv, false);
    expect(res.json()).toMatchObject({ errors: [], products: { create: 1 }, variants: { create: 2 } });
    const product = await productBySlug(handle);
    expect(product).toMatchObject({
      name: 'Tee, "Ronin" edition',
      pricePaise: 129_900,
      description: 'Soft; heavy cotton, washed.\r\nWash cold.',
      details: ['100% Cotton, combed', '240 GSM'],
      tags: ['anime', 'summer'],
      stock: 6,
    });
  });

  it('reads a tab-separated file, and says which separator a short row lacks', async () => {
    const handle = unique('tab-tee');
    const header = ['Handle', 'Name', 'SKU', 'Price', 'Category', 'Group', 'Colour', 'Size', 'Stock'];
    const cells = [handle, 'Tab, Tee', handle.toUpperCase(), '1,299', tees.name, tees.group, 'Bk', 'M', '3'];
    const res = await importCsv(`${header.join('\t')}\n${cells.join('\t')}\n`, false);
    expect(res.json()).toMatchObject({ errors: [], products: { create: 1 } });
    expect(await productBySlug(handle)).toMatchObject({ name: 'Tab, Tee', pricePaise: 129_900, stock: 3 });
    const short = await importCsv(`${header.join('\t')}\n${cells.slice(0, 8).join('\t')}\n`, true);
    expect(short.json().errors).toContainEqual({
      row: 2,
      column: null,
      message: 'This row has 8 fields and the header 9: is a tab missing its quotes?',
    });
  });

  it('takes the separator the header uses most, so a semicolon in a comma file is text', async () => {
    const handle = unique('comma-tee');
    const columns = [...COLUMNS, 'Notes; internal'];
    const res = await importCsv(file([{ ...teeRow(handle), 'Notes; internal': 'a; b' }], columns), false);
    expect(res.json()).toMatchObject({ errors: [], ignoredColumns: ['Notes; internal'] });
    expect(await productBySlug(handle)).toMatchObject({ name: 'Kaiju Tee' });
  });

  it('takes prices as "₹1,299" and "1,299.00", refuses "12.50", and wants whole stock', async () => {
    const [a, b, c, d, e] = [1, 2, 3, 4, 5].map(() => unique('price-tee'));
    const res = await importCsv(
      file([
        teeRow(a!, { price: '₹1,299' }),
        teeRow(b!, { price: '1,299.00' }),
        teeRow(c!, { price: '12.50' }),
        teeRow(d!, { stock: '2.5' }),
        teeRow(e!, { stock: 'ten' }),
      ]),
      true,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().errors).toEqual([
      { row: 4, column: 'price', message: 'price must be whole rupees' },
      { row: 5, column: 'stock', message: 'stock must be a whole number' },
      { row: 6, column: 'stock', message: 'stock must be a number' },
    ]);
    expect(res.json().products.create).toBe(2);
    const ok = await importCsv(
      file([teeRow(a!, { price: '₹1,299' }), teeRow(b!, { price: '1,299.00' })]),
      false,
    );
    expect(ok.json().errors).toEqual([]);
    expect((await productBySlug(a!))?.pricePaise).toBe(129_900);
    expect((await productBySlug(b!))?.pricePaise).toBe(129_900);
  });

  it('ignores columns it does not know, and names them', async () => {
    const handle = unique('extra-tee');
    const columns = [...COLUMNS, 'Vendor', 'Image Src'];
    const res = await importCsv(
      file([{ ...teeRow(handle), Vendor: 'Acme', 'Image Src': 'x.jpg' }], columns),
      false,
    );
    expect(res.json()).toMatchObject({ errors: [], ignoredColumns: ['Vendor', 'Image Src'] });
    expect(await productBySlug(handle)).toBeDefined();
  });

  it('names the required columns a file lacks, as an error about the whole file', async () => {
    const res = await importCsv('handle,Name,colour\nx,y,Bk\n', true);
    expect(res.json().errors).toEqual([
      { row: null, column: null, message: 'Missing required columns: sku, price, category, size, stock' },
    ]);
  });

  it('refuses an empty file, a file of only a header, and a file not saved as UTF-8', async () => {
    for (const [body, message] of [
      ['', 'The file is empty'],
      ['\uFEFF\r\n', 'The file is empty'],
      [`${COLUMNS.join(',')}\r\n`, 'The file has a header but no product rows'],
      [
        Buffer.from(`${COLUMNS.join(',')}\r\nx,Caf\xe9 Tee\r\n`, 'latin1'),
        'The file is not UTF-8 text: save it as "CSV UTF-8 (comma delimited)"',
      ],
    ] as const) {
      const res = await importCsv(body, false);
      expect([res.statusCode, res.json().errors]).toEqual([400, [{ row: null, column: null, message }]]);
    }
  });

  it('refuses a file over the limit unread, with 413', async () => {
    const res = await importCsv('x'.repeat(PRODUCT_CSV_MAX_BYTES + 1), true);
    expect([res.statusCode, res.json()]).toEqual([
      413,
      { success: false, message: 'Request body is too large' },
    ]);
  });

  it('says which row holds a quote that is never closed', async () => {
    const res = await importCsv(`${COLUMNS.join(',')}\nx,Tee\n"y,Tee\nz,Tee\n`, true);
    expect(res.json().errors).toEqual([{ row: 3, column: null, message: 'A quoted field is never closed' }]);
  });
});

describe('import: mistakes, each with its row and column', () => {
  it('refuses one handle whose rows disagree on a product field', async () => {
    const handle = unique('twin-tee');
    const res = await importCsv(
      file([
        teeRow(handle),
        teeRow(handle, { size: 'L', name: 'Other Name' }),
        teeRow(handle, { size: 'S', price: '₹799' }),
      ]),
      true,
    );
    expect(res.json().errors).toEqual([
      { row: 3, column: 'name', message: 'name differs from row 2 of the same handle' },
    ]);
  });

  it('takes the rows of one handle as one product: a second product under a taken handle is refused', async () => {
    const existing = await createProduct(t.database.db);
    const same = { ...teeRow(existing.slug), name: existing.name, sku: existing.sku };
    const res = await importCsv(
      file([same, { ...teeRow(existing.slug), name: 'Another Tee', sku: 'ANOTHER-1', size: 'L' }]),
      true,
    );
    expect(res.json()).toMatchObject({
      products: { create: 0 },
      errors: [
        { row: 3, column: 'name', message: 'name differs from row 2 of the same handle' },
        { row: 3, column: 'sku', message: 'sku differs from row 2 of the same handle' },
      ],
    });
  });

  it('lists 1,000 errors at most, and says how many more there are', async () => {
    const rows = Array.from({ length: 1005 }, () => teeRow(unique('cap-tee'), { price: 'free' }));
    const res = await importCsv(file(rows), true);
    const { errors } = res.json() as { errors: { row: number | null; message: string }[] };
    expect(errors).toHaveLength(1001);
    expect(errors[0]).toEqual({ row: 2, column: 'price', message: 'price must be a number of rupees' });
    expect(errors[999]).toEqual({ row: 1001, column: 'price', message: 'price must be a number of rupees' });
    expect(errors[1000]).toEqual({ row: null, column: null, message: '5 more errors are not listed' });
  });

  it('names an unknown category, and asks for the group of a name two groups share', async () => {
    const [a, b, c] = [1, 2, 3].map(() => unique('cat-tee'));
    const res = await importCsv(
      file([
        teeRow(a!, { category: 'Kurtas', group: '' }),
        teeRow(b!, { category: shared.name, group: '' }),
        teeRow(c!, { category: shared.name, group: shared.groups[1]! }),
      ]),
      true,
    );
    expect(res.json().errors).toEqual([
      { row: 2, column: 'category', message: 'category "Kurtas" does not exist' },
      {
        row: 3,
        column: 'category',
        message: `category "${shared.name}" is in several groups (${shared.groups.join(', ')}): name one in the group column`,
      },
    ]);
    expect(res.json().products.create).toBe(1);
  });

  it("refuses another product's SKU, a SKU twice in the file, a colour and size twice, and bad field values", async () => {
    const taken = await createProduct(t.database.db);
    const [a, b, c, d] = [1, 2, 3, 4].map(() => unique('bad-tee'));
    const columns = [...COLUMNS, 'hsn_code', 'garment_type', 'published', 'sellable'];
    const res = await importCsv(
      file(
        [
          teeRow(a!, { sku: taken.sku }),
          teeRow(b!, { sku: 'SAME-SKU-1' }),
          teeRow(c!, { sku: 'SAME-SKU-1' }),
          teeRow(d!, { hsn_code: '61', garment_type: 'Kurta', published: 'maybe', sellable: 'sure' }),
          teeRow(d!),
          teeRow(unique('bad-tee'), { color: 'Black!', size: 'XL4' }),
          teeRow('Not A Handle', { sku: 'NAH-1' }),
          teeRow(''),
        ],
        columns,
      ),
      true,
    );
    expect(res.json().errors).toEqual([
      { row: 2, column: 'sku', message: 'Another product already has this SKU' },
      { row: 4, column: 'sku', message: 'Another product on row 3 has this SKU' },
      { row: 5, column: 'garment_type', message: 'garment_type must be one of the garment types' },
      { row: 5, column: 'hsn_code', message: 'hsn_code must be 4, 6 or 8 digits' },
      { row: 5, column: 'published', message: 'published must be yes or no' },
      { row: 5, column: 'sellable', message: 'sellable must be yes or no' },
      { row: 6, column: 'color', message: 'This colour and size repeat row 5 of the same handle' },
      { row: 7, column: 'color', message: 'color must be a colour code such as Bk' },
      { row: 7, column: 'size', message: 'size must be one of XS, S, M, L, XL, XXL, XXXL' },
      { row: 8, column: 'handle', message: 'handle must be lower-case letters, digits and single hyphens' },
      { row: 9, column: 'handle', message: 'handle is required' },
    ]);
  });

  it('writes nothing on a dry run, with errors or without', async () => {
    const before = await tableCounts();
    const good = unique('dry-tee');
    const clean = await importCsv(file([teeRow(good), teeRow(good, { size: 'L' })]), true);
    expect(clean.json()).toMatchObject({
      dryRun: true,
      products: { create: 1 },
      variants: { create: 2 },
      errors: [],
    });
    const withErrors = await importCsv(
      file([teeRow(unique('dry-tee')), teeRow(unique('dry-tee'), { price: 'free' })]),
      true,
    );
    expect(withErrors.statusCode).toBe(200);
    expect(withErrors.json().errors).toEqual([
      { row: 3, column: 'price', message: 'price must be a number of rupees' },
    ]);
    expect(await tableCounts()).toEqual(before);
    expect(await productBySlug(good)).toBeUndefined();
  });

  it('writes nothing when a real import finds one error among valid rows, and answers 400 with the report', async () => {
    const existing = await createProduct(t.database.db, { stock: 4 });
    const before = await tableCounts();
    const res = await importCsv(
      file([
        teeRow(unique('half-tee')),
        { ...teeRow(existing.slug), name: existing.name, sku: existing.sku, stock: 40, category: 'Nowhere' },
      ]),
      false,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'The file has errors: nothing was imported',
      dryRun: false,
      errors: [
        {
          row: 3,
          column: 'category',
          message: 'category "Nowhere" does not exist in group "' + tees.group + '"',
        },
      ],
    });
    expect(await tableCounts()).toEqual(before);
    expect(await variantStock(t.database.db, existing.id, 'Bk', 'M')).toBe(4);
  });

  it('keeps an archived product unpublished', async () => {
    const archived = await createProduct(t.database.db, { archivedAt: new Date(), isActive: false });
    const row = { ...teeRow(archived.slug), name: archived.name, sku: archived.sku, published: 'yes' };
    const res = await importCsv(file([row], [...COLUMNS, 'published']), true);
    expect(res.json().errors).toEqual([
      { row: 2, column: 'published', message: 'Restore the product before publishing it' },
    ]);
  });
});

describe('import: MRP rules', () => {
  const MRP_COLUMNS = [...COLUMNS, 'mrp_rule', 'mrp_value'];

  it('reads each rule from mrp_rule and mrp_value, blanks as the default, and exports it back on the first row', async () => {
    const handles = ['fixed', 'none', 'blank', 'markup'].map((h) => unique(`mrp-${h}`));
    const [fixed, none, blank, markup] = handles as [string, string, string, string];
    const res = await importCsv(
      file(
        [
          teeRow(fixed, { price: 999, mrp_rule: 'fixed', mrp_value: '₹1,499' }),
          // A later row of the product may repeat the rule in other notation, or leave it blank.
          teeRow(fixed, { price: 999, size: 'L', mrp_rule: 'Fixed', mrp_value: '1499' }),
          teeRow(fixed, { price: 999, size: 'XL', mrp_rule: '', mrp_value: '' }),
          teeRow(none, { mrp_rule: 'none', mrp_value: '' }),
          teeRow(blank, { mrp_rule: '', mrp_value: '' }),
          teeRow(markup, { mrp_rule: 'MARKUP', mrp_value: '450' }),
        ],
        MRP_COLUMNS,
      ),
      false,
    );
    expect(res.json()).toMatchObject({ products: { create: 4, update: 0 }, errors: [] });
    const rules = await Promise.all(
      handles.map(async (h) => {
        const row = await productBySlug(h);
        return [row?.mrpRule, row?.mrpValuePaise];
      }),
    );
    expect(rules).toEqual([
      ['fixed', 149_900],
      ['none', 0],
      ['markup', 30_000],
      ['markup', 45_000],
    ]);
    const exported = (await exportedRows()).filter((r) => handles.includes(r.handle ?? ''));
    expect(
      handles.map((h) => {
        const row = exported.find((r) => r.handle === h);
        return [row?.mrp_rule, row?.mrp_value];
      }),
    ).toEqual([
      ['fixed', '1499'],
      ['none', ''],
      ['markup', '300'],
      ['markup', '450'],
    ]);
    // The rule is a product field: on the product's first row only.
    expect(
      exported.filter((r) => r.handle === fixed).map((r) => [r.size, r.mrp_rule, r.mrp_value]),
    ).toEqual([
      ['M', 'fixed', '1499'],
      ['L', '', ''],
      ['XL', '', ''],
    ]);
    const requestId = String(res.headers['x-request-id']);
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
    const fixedId = (await productBySlug(fixed))?.id;
    expect(trail.find((r) => r.entityId === fixedId)?.after).toMatchObject({ mrpRule: 'MRP ₹1,499' });
  });

  it('names the column of each rule mistake, a new price above a declared MRP included', async () => {
    const declared = await createProduct(t.database.db, {
      pricePaise: 99_900,
      mrpRule: 'fixed',
      mrpValuePaise: 1_49_900,
      colors: ['Bk'],
      sizes: ['M'],
    });
    const res = await importCsv(
      file(
        [
          teeRow(unique('below'), { price: 999, mrp_rule: 'fixed', mrp_value: 998 }),
          teeRow(unique('kind'), { mrp_rule: 'percent', mrp_value: 10 }),
          teeRow(unique('blank-mrp'), { mrp_rule: 'fixed', mrp_value: '' }),
          teeRow(unique('fraction'), { mrp_rule: 'markup', mrp_value: '12.50' }),
        ],
        MRP_COLUMNS,
      ),
      true,
    );
    expect(res.json().errors).toEqual([
      { row: 2, column: 'mrp_value', message: 'The MRP must not be below the price' },
      { row: 3, column: 'mrp_rule', message: 'mrp_rule must be markup, fixed or none' },
      { row: 4, column: 'mrp_value', message: 'The MRP must be a number of rupees' },
      { row: 5, column: 'mrp_value', message: 'The markup must be whole rupees' },
    ]);
    // Without the rule's columns, the product keeps its declared MRP: a price above it is the price's mistake.
    const priced = await importCsv(file([teeRow(declared.slug, { sku: declared.sku, price: 1599 })]), true);
    expect(priced.json().errors).toEqual([
      { row: 2, column: 'price', message: 'The MRP must not be below the price' },
    ]);
  });

  it('wants mrp_rule and mrp_value together, as an error about the whole file', async () => {
    const res = await importCsv(
      file([teeRow(unique('half'), { mrp_rule: 'none' })], [...COLUMNS, 'mrp_rule']),
      true,
    );
    expect(res.json().errors).toEqual([
      { row: null, column: null, message: 'The column mrp_rule needs the column mrp_value too' },
    ]);
  });
});

describe('import: changes', () => {
  it('creates and updates products and variants in one transaction, with the trail', async () => {
    const existing = await createProduct(t.database.db, {
      name: 'Old Name',
      colors: ['Bk'],
      sizes: ['M', 'L'],
      stock: 2,
    });
    const fresh = unique('new-tee');
    const columns = [...COLUMNS, 'sellable', 'fulfilment_sku', 'published', 'details', 'tags'];
    const keep = {
      name: 'New Name',
      sku: existing.sku,
      price: 999,
      published: 'yes',
      details: existing.details.join(' | '),
      tags: 'drop, new',
    };
    const res = await importCsv(
      file(
        [
          { ...teeRow(existing.slug), ...keep, size: 'M', stock: 10, fulfilment_sku: 'QK-1' },
          { ...teeRow(existing.slug), ...keep, color: 'Wh', size: 'S', stock: 3 },
          { ...teeRow(existing.slug), ...keep, size: 'L', stock: 8, sellable: 'no' },
          teeRow(fresh, { color: 'Rd', size: 'XL', stock: 1 }),
        ],
        columns,
      ),
      false,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      products: { create: 1, update: 1 },
      variants: { create: 2, update: 2 },
      errors: [],
    });
    const after = await productBySlug(existing.slug);
    // Stock counts sellable variants only; the colours and sizes follow them.
    expect(after).toMatchObject({ name: 'New Name', pricePaise: 99_900, isActive: true, stock: 13 });
    expect(after?.colors).toEqual(['Bk', 'Wh']);
    expect(after?.sizes).toEqual(['S', 'M']);
    expect([after?.details, after?.tags]).toEqual([existing.details, ['drop', 'new']]);
    expect(await variantStock(t.database.db, existing.id, 'Bk', 'L')).toBe(8);
    const requestId = String(res.headers['x-request-id']);
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
    expect(trail.map((r) => [r.action, r.entityType]).sort()).toEqual([
      ['catalogue.import', 'catalogue'],
      ['product.import', 'product'],
      ['product.import', 'product'],
    ]);
    const updated = trail.find((r) => r.entityId === existing.id);
    expect(updated?.before).toMatchObject({ name: 'Old Name', price: 799, 'Bk|M': { stock: 2 } });
    expect(updated?.after).toMatchObject({
      name: 'New Name',
      price: 999,
      'Bk|M': { stock: 10, fulfilmentSku: 'QK-1' },
    });
    expect(trail.find((r) => r.action === 'catalogue.import')?.after).toEqual({
      rows: 4,
      products: { create: 1, update: 1 },
      variants: { create: 2, update: 2 },
    });
  });

  it('round-trips Hindi, emoji, commas, quotes and line breaks unchanged', async () => {
    const handle = unique('hindi-tee');
    const name = 'रंगरेज़ "Holi" टी 🎨, limited';
    const description = 'मुलायम कपास, 240 GSM.\nठंडे पानी में धोएँ 🧺';
    const columns = [...COLUMNS, 'description', 'details', 'tags'];
    const row = {
      ...teeRow(handle),
      name,
      description,
      details: 'कपास | Made in India 🇮🇳',
      tags: 'होली, रंग',
    };
    expect((await importCsv(file([row], columns), false)).json().errors).toEqual([]);
    const exported = (await exportedRows()).filter((r) => r.handle === handle);
    expect(exported[0]).toMatchObject({
      name,
      description,
      details: 'कपास | Made in India 🇮🇳',
      tags: 'होली, रंग',
    });
    // The exported rows as a new product: the same text comes back.
    const copy = unique('hindi-copy');
    const again = exported.map((r) => ({ ...r, handle: copy, sku: copy.toUpperCase() }));
    const res = await importCsv(stringify(again, { header: true, bom: true }), false);
    expect(res.json().errors).toEqual([]);
    const original = await productBySlug(handle);
    expect(await productBySlug(copy)).toMatchObject({
      name,
      description,
      details: original?.details,
      tags: ['होली', 'रंग'],
    });
  });

  it('takes only text/csv bodies, and only from products:write', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/products/import?dryRun=true',
      headers: editor.headers,
      payload: { handle: 'x' },
    });
    expect([json.statusCode, json.json().message]).toEqual([
      400,
      'Send the file as the body, with Content-Type: text/csv',
    ]);
    const noFlag = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/products/import',
      headers: { ...editor.headers, 'content-type': 'text/csv' },
      payload: 'handle\n',
    });
    expect([noFlag.statusCode, noFlag.json().message]).toEqual([400, 'dryRun must be true or false']);
    const support = await signedInStaff(t, 'support');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/products/import?dryRun=true',
      headers: { ...support.headers, 'content-type': 'text/csv' },
      payload: 'handle\n',
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('import: the export round trip', () => {
  /** A product with every field the CSV carries set, and what a spreadsheet might hold. */
  async function fullProduct(overrides: Parameters<typeof createProduct>[1] = {}) {
    // In the group of `tees`, so that naming that category in the file moves the product there.
    const category = await createSubCategory(t.database.db, {
      name: unique('रंग Tees, "Drop"'),
      parentId: tees.groupId,
    });
    return createProduct(t.database.db, {
      name: 'रंगरेज़ "Holi" Tee 🎨, limited',
      description: 'Heavy cotton, 240 GSM.\nWash cold; inside out.',
      details: ['100% Cotton', 'Made in India 🇮🇳'],
      addInfo: 'Manufacturer: Rangrez Apparel\nCountry of origin: India',
      tags: ['होली', 'summer drop'],
      hsnCode: '6109',
      seoTitle: 'Holi Tee | Rangrez',
      seoDescription: 'A tee for Holi, printed in India.',
      isActive: false,
      colors: ['Wh', 'Bk'],
      sizes: ['S', 'M', 'L'],
      stock: 4,
      categoryId: category.id,
      ...overrides,
    });
  }

  const none = { create: 0, update: 0 };

  it('imports its own export unchanged: nothing to create or update, and no product or variant written', async () => {
    const db = t.database.db;
    await fullProduct();
    await fullProduct({
      name: '=SUM(A1:A2) Tee',
      productCategoryId: null,
      hsnCode: '',
      tags: [],
      isActive: true,
    });
    await fullProduct({ mrpRule: 'fixed', mrpValuePaise: 1_49_900 });
    await fullProduct({ mrpRule: 'none', mrpValuePaise: 0 });
    const bare = await fullProduct({ name: 'No Variants Yet' });
    await db.delete(productVariants).where(eq(productVariants.productId, bare.id));
    await db.update(productVariants).set({ sellable: false, fulfilmentSku: 'QK_1' });
    const stamps = async () =>
      (await db.select({ id: products.id, at: products.updatedAt }).from(products)).concat(
        await db.select({ id: productVariants.id, at: productVariants.updatedAt }).from(productVariants),
      );
    const before = { counts: await tableCounts(), stamps: await stamps() };
    const exported = (await exportCsv()).rawPayload;
    const unchanged = { products: none, variants: none, errors: [] };
    expect((await importCsv(exported, true)).json()).toMatchObject(unchanged);
    const real = await importCsv(exported, false);
    expect(real.json()).toMatchObject(unchanged);
    // Only the import's own summary row was written.
    expect(await tableCounts()).toEqual({ ...before.counts, audit: before.counts.audit + 1 });
    expect(await stamps()).toEqual(before.stamps);
  });

  /** The admin API's view of the product: what an edit in the file should change, and nothing else. */
  async function adminProduct(id: string): Promise<Record<string, unknown>> {
    const res = await t.app.inject({ url: `/api/v1/admin/products/${id}`, headers: editor.headers });
    const { product } = res.json() as { product: Record<string, unknown> };
    const { updatedAt: _updatedAt, ...fields } = product;
    return fields;
  }

  const changedKeys = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    Object.keys(b).filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));

  /** One cell of the export: a product field on the product's first row, or a cell of its Bk / M variant's row. */
  const EDITS: {
    column: string;
    value: string | (() => string);
    changes: string[];
    counts: { products: typeof none; variants: typeof none };
  }[] = [
    { column: 'name', value: 'रंगरेज़ Tee 🎨, edited', changes: ['name'], counts: update('products') },
    { column: 'sku', value: 'HOLI-EDITED-1', changes: ['sku'], counts: update('products') },
    { column: 'price', value: '₹1,099', changes: ['price', 'mrp'], counts: update('products') },
    // A markup's amount beside none is not read: the one cell turns the MRP off.
    { column: 'mrp_rule', value: 'None', changes: ['mrpRule', 'mrp'], counts: update('products') },
    { column: 'mrp_value', value: '₹450', changes: ['mrpRule', 'mrp'], counts: update('products') },
    {
      column: 'category',
      value: () => tees.name,
      changes: ['categoryId', 'category'],
      counts: update('products'),
    },
    { column: 'garment_type', value: 'zip hoodie', changes: ['productCategory'], counts: update('products') },
    { column: 'hsn_code', value: '61091000', changes: ['hsnCode'], counts: update('products') },
    { column: 'tags', value: 'होली, rang, drop', changes: ['tags'], counts: update('products') },
    { column: 'published', value: 'Yes', changes: ['published'], counts: update('products') },
    {
      column: 'description',
      value: 'Soft, "heavy" cotton.\r\nNew line.',
      changes: ['description'],
      counts: update('products'),
    },
    {
      column: 'details',
      value: '100% Cotton | 240 GSM | Bio-washed',
      changes: ['details'],
      counts: update('products'),
    },
    {
      column: 'add_info',
      value: 'Country of origin: India',
      changes: ['addInfo'],
      counts: update('products'),
    },
    { column: 'seo_title', value: 'Holi Tee 2.0', changes: ['seoTitle'], counts: update('products') },
    { column: 'seo_description', value: '', changes: ['seoDescription'], counts: update('products') },
    { column: 'stock', value: '11', changes: ['stock', 'variants'], counts: update('variants') },
    { column: 'fulfilment_sku', value: 'QK-HOLI-BK-M', changes: ['variants'], counts: update('variants') },
    { column: 'sellable', value: 'no', changes: ['stock', 'variants'], counts: update('variants') },
  ];
  function update(which: 'products' | 'variants') {
    return { products: none, variants: none, [which]: { create: 0, update: 1 } } as {
      products: typeof none;
      variants: typeof none;
    };
  }
  const VARIANT_COLUMNS = ['stock', 'fulfilment_sku', 'sellable'];

  it.each(EDITS)('exported, $column edited in one cell, imported: only that changes', async (edit) => {
    const product = await fullProduct();
    const rows = await exportedRows();
    const target = VARIANT_COLUMNS.includes(edit.column)
      ? rows.find((r) => r.handle === product.slug && r.color === 'Bk' && r.size === 'M')
      : rows.find((r) => r.handle === product.slug);
    const value = typeof edit.value === 'function' ? edit.value() : edit.value;
    expect(target?.[edit.column]).not.toBe(value);
    target![edit.column] = value;
    const before = await adminProduct(product.id);
    const res = await importCsv(stringify(rows, { header: true, bom: true }), false);
    expect(res.json()).toMatchObject({ ...edit.counts, errors: [] });
    expect(res.statusCode).toBe(200);
    const after = await adminProduct(product.id);
    expect(changedKeys(before, after).sort()).toEqual([...edit.changes].sort());
    // The trail records that change, on that product only.
    const requestId = String(res.headers['x-request-id']);
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
    expect(trail.filter((r) => r.action === 'product.import').map((r) => r.entityId)).toEqual([product.id]);
  });
});
