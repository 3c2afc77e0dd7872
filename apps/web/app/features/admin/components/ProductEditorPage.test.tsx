// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { StaffSelf } from '@rangrez/contract/schemas/admin';
import { auditListResponseSchema } from '@rangrez/contract/schemas/admin';
import {
  type AdminProduct,
  type AdminVariantsBody,
  adminProductResponseSchema,
} from '@rangrez/contract/schemas/admin-catalogue';
import { subcategoriesResponseSchema } from '@rangrez/contract/schemas/catalogue';
import { createRoutesStub, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import { AdminSessionProvider } from '../session';
import {
  CATEGORY_ID,
  type FakeCall,
  PRODUCT_ID,
  SUBCATEGORIES,
  errorAnswer,
  fakeAdminApi,
  makeProduct,
  makeStaff,
} from '../test-helpers';
import { NewProductPage, ProductEditorPage } from './ProductEditorPage';

const NEW_ID = '6c7d8e9f-0a1b-4c2d-8e3f-4a5b6c7d8e9f';
let product: AdminProduct;
let patchAnswer: ((call: FakeCall) => Response) | null;
let calls: FakeCall[];
const flush = () => act(async () => {});
const sent = (method: string) => calls.filter((c) => c.method === method);

function answer(call: FakeCall): Response {
  const path = call.path.split('?')[0];
  if (path === '/api/v1/subcategories')
    return apiResponse(subcategoriesResponseSchema, { success: true, data: SUBCATEGORIES });
  if (path === `/products/${product._id}/timeline`) {
    const entry = {
      _id: '41',
      actor: 'catalogue@rangrez.test',
      role: 'catalogue',
      action: 'product.update',
      entityType: 'product',
      entityId: product._id,
      before: { price: 799 },
      after: { price: 899 },
      requestId: 'req-41',
      ip: '127.0.0.1',
      at: '2026-11-20T10:00:00.000Z',
    };
    return apiResponse(auditListResponseSchema, { entries: [entry], nextBefore: null });
  }
  if (call.method === 'PATCH' && patchAnswer) return patchAnswer(call);
  if (call.method === 'PATCH') {
    product = { ...product, ...(call.body as object) };
    // As the server does: archiving unpublishes.
    if (product.archived) product.published = false;
  }
  if (call.method === 'PUT') {
    const { variants } = call.body as AdminVariantsBody;
    product = { ...product, variants: variants.map((v, i) => ({ ...v, _id: `n${i}` })) };
  }
  if (call.method === 'POST' && path === '/products') {
    product = makeProduct({ _id: NEW_ID, ...(call.body as object), published: false });
    return apiResponse(adminProductResponseSchema, { product }, 201);
  }
  return apiResponse(adminProductResponseSchema, { product });
}

function ProductRoute() {
  const { id = '' } = useParams();
  return <ProductEditorPage key={id} id={id} />;
}

function renderEditor(staff: StaffSelf, path = `/admin/products/${PRODUCT_ID}`) {
  const inSession = (Page: () => React.ReactNode) => () => (
    <AdminSessionProvider staff={staff}>
      <Page />
    </AdminSessionProvider>
  );
  const Stub = createRoutesStub([
    { path: '/admin/products/new', Component: inSession(NewProductPage) },
    { path: '/admin/products/:id', Component: inSession(ProductRoute) },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
async function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  await flush();
}

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  product = makeProduct();
  patchAnswer = null;
  calls = fakeAdminApi(answer);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProductEditorPage', () => {
  it('fills the form from the product and lists its timeline', async () => {
    renderEditor(makeStaff('catalogue'));
    await flush();
    expect(screen.getByRole('heading', { name: 'Kesari Oversized Tee' })).toBeTruthy();
    expect(field('Price (₹, whole rupees)').value).toBe('899');
    expect(field('Details (one per line)').value).toBe('240 GSM cotton\nScreen printed');
    expect(field('Category').value).toBe(CATEGORY_ID);
    expect(field('Garment type').value).toBe('Oversized T-shirt');
    expect(field('Tags (separated by commas)').value).toBe('summer, saffron');
    expect(field('Published').checked).toBe(true);
    const timeline = screen.getByRole('list', { name: 'Changes to this product' });
    expect(timeline.textContent).toContain('product.update');
    expect(timeline.textContent).toMatch(/price: 799\s*→\s*changed to\s*899/);
  });

  it('shows the schema’s message by a bad price and sends nothing', async () => {
    renderEditor(makeStaff('catalogue'));
    await flush();
    type('Price (₹, whole rupees)', '899.50');
    await click('Save');
    const price = field('Price (₹, whole rupees)');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(price.getAttribute('aria-describedby')!)?.textContent).toBe(
      'price must be whole rupees',
    );
    type('Price (₹, whole rupees)', '0');
    await click('Save');
    expect(screen.getByText('price must be at least ₹1')).toBeTruthy();
    expect(sent('PATCH')).toEqual([]);
  });

  it('PATCHes only the fields that changed, then shows what the server holds', async () => {
    renderEditor(makeStaff('catalogue'));
    await flush();
    type('Price (₹, whole rupees)', '999');
    type('Details (one per line)', '240 GSM cotton\nScreen printed\n\nBoxy fit');
    type('Garment type', '');
    await click('Save');
    expect(sent('PATCH').map((c) => [c.path, c.body])).toEqual([
      [
        `/products/${PRODUCT_ID}`,
        { price: 999, details: ['240 GSM cotton', 'Screen printed', 'Boxy fit'], productCategory: null },
      ],
    ]);
    expect(screen.getByRole('status').textContent).toBe('Saved.');
    expect(field('Price (₹, whole rupees)').value).toBe('999');
  });

  it('sets the MRP rule with the amount its kind takes, checked against the price by the schema', async () => {
    renderEditor(makeStaff('catalogue'));
    await flush();
    expect(field('MRP rule').value).toBe('markup');
    expect(field('Markup (₹ over the price)').value).toBe('300');
    expect(screen.getByText('Shoppers see MRP ₹1,199 crossed out: save 25%.')).toBeTruthy();

    type('MRP rule', 'fixed');
    expect(screen.queryByLabelText('Markup (₹ over the price)')).toBeNull();
    type('MRP (₹)', '799');
    await click('Save');
    const declared = field('MRP (₹)');
    expect(declared.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${declared.id}-error`)?.textContent).toBe(
      'The MRP must not be below the price',
    );
    expect(document.activeElement).toBe(declared);
    expect(sent('PATCH')).toEqual([]);

    type('MRP (₹)', '1499');
    expect(screen.getByText('Shoppers see MRP ₹1,499 crossed out: save 40%.')).toBeTruthy();
    await click('Save');
    // A declared MRP travels with the price, so the pair is checked together.
    expect(sent('PATCH').map((c) => c.body)).toEqual([{ price: 899, mrpRule: { kind: 'fixed', mrp: 1499 } }]);
    expect(screen.getByRole('status').textContent).toBe('Saved.');
  });

  it('keeps each kind’s amount while switching, and takes a product off MRPs with the none rule', async () => {
    renderEditor(makeStaff('catalogue'));
    await flush();
    type('Markup (₹ over the price)', '-5');
    await click('Save');
    expect(screen.getByText('The markup must not be negative')).toBeTruthy();
    type('MRP rule', 'fixed');
    type('MRP (₹)', '1499');
    type('MRP rule', 'markup');
    expect(field('Markup (₹ over the price)').value).toBe('-5');
    type('MRP rule', 'fixed');
    expect(field('MRP (₹)').value).toBe('1499');

    type('MRP rule', 'none');
    expect(screen.getByText('Shoppers see the price alone: no MRP, no saving.')).toBeTruthy();
    await click('Save');
    expect(sent('PATCH').map((c) => c.body)).toEqual([{ mrpRule: { kind: 'none' } }]);
    expect(screen.getByRole('status').textContent).toBe('Saved.');
  });

  it('says there is nothing to change rather than sending an empty PATCH', async () => {
    renderEditor(makeStaff('catalogue'));
    await flush();
    await click('Save');
    expect(screen.getByRole('alert').textContent).toBe('Nothing to change');
    expect(sent('PATCH')).toEqual([]);
  });

  it('shows the server’s refusal by the buttons, announced', async () => {
    patchAnswer = () => errorAnswer('Another product already has this SKU', 409);
    renderEditor(makeStaff('catalogue'));
    await flush();
    type('SKU', 'RGZ-TAKEN');
    await click('Save');
    expect(sent('PATCH').map((c) => c.body)).toEqual([{ sku: 'RGZ-TAKEN' }]);
    expect(screen.getByRole('alert').textContent).toBe('Another product already has this SKU');
    // The member's text stays for them to correct.
    expect(field('SKU').value).toBe('RGZ-TAKEN');
  });

  it('archives and restores with a PATCH of `archived`', async () => {
    renderEditor(makeStaff('owner'));
    await flush();
    await click('Archive');
    expect(sent('PATCH').at(-1)?.body).toEqual({ archived: true });
    expect(screen.getByRole('status').textContent).toBe('Archived: hidden everywhere in the shop.');
    expect(screen.getByText('Archived', { selector: 'span' })).toBeTruthy();
    // An archived product cannot be published until it is restored.
    expect(field('Published').disabled).toBe(true);
    await click('Restore');
    expect(sent('PATCH').at(-1)?.body).toEqual({ archived: false });
    expect(screen.getByRole('button', { name: 'Archive' })).toBeTruthy();
  });

  it('duplicates and opens the copy, saying what it is', async () => {
    renderEditor(makeStaff('catalogue'));
    await flush();
    const copy = makeProduct({ _id: NEW_ID, name: 'Kesari Oversized Tee (copy)', published: false });
    vi.mocked(fetch).mockImplementationOnce(async () =>
      apiResponse(adminProductResponseSchema, { product: copy }, 201),
    );
    product = copy;
    await click('Duplicate');
    await flush();
    expect(screen.getByRole('heading', { name: 'Kesari Oversized Tee (copy)' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Duplicated');
  });

  it('is read-only for a role that may only read the catalogue', async () => {
    renderEditor(makeStaff('support'));
    await flush();
    // The form's fieldset disables every field in it.
    expect(field('Name').closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save variants' })).toBeNull();
    expect((screen.getByLabelText('Stock, Black (Bk), S') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByRole('list', { name: 'Changes to this product' })).toBeTruthy();
  });
});

describe('the variants grid', () => {
  it('PUTs the whole set from the grid and shows the total stock', async () => {
    renderEditor(makeStaff('catalogue'));
    await flush();
    expect(screen.getByText(/Total stock:/).textContent).toContain('12');
    type('Stock, Black (Bk), M', '10');
    fireEvent.click(screen.getByLabelText('Sellable, White (Wh), S'));
    type('Fulfilment SKU, Black (Bk), S', 'QK-BK-S');
    type('Colour code', 'Rd');
    await click('Add colour');
    fireEvent.click(within(screen.getByRole('group', { name: 'Sizes' })).getByLabelText('M'));
    // Black S 5 + Black M 10 + Red S 0; white S is no longer sold and the M column is gone.
    expect(screen.getByText(/Total stock:/).textContent).toContain('5');
    type('Stock, Black (Bk), S', '6');
    await click('Save variants');
    expect(sent('PUT').map((c) => [c.path, c.body])).toEqual([
      [
        `/products/${PRODUCT_ID}/variants`,
        {
          variants: [
            { color: 'Bk', size: 'S', stock: 6, fulfilmentSku: 'QK-BK-S', sellable: true },
            { color: 'Wh', size: 'S', stock: 3, fulfilmentSku: '', sellable: false },
            { color: 'Rd', size: 'S', stock: 0, fulfilmentSku: '', sellable: true },
          ],
        },
      ],
    ]);
    expect(screen.getByRole('status').textContent).toBe('Variants and stock saved.');
  });

  it('shows the contract’s message by a cell it refuses and sends nothing', async () => {
    renderEditor(makeStaff('catalogue'));
    await flush();
    type('Stock, White (Wh), S', '-2');
    await click('Save variants');
    expect(screen.getByRole('alert').textContent).toBe('White (Wh), S: stock must not be negative');
    expect(field('Stock, White (Wh), S').getAttribute('aria-invalid')).toBe('true');
    type('Colour code', 'B2');
    await click('Add colour');
    expect(screen.getByText('color must be a colour code such as Bk')).toBeTruthy();
    expect(sent('PUT')).toEqual([]);
  });
});

describe('NewProductPage', () => {
  it('creates a product with its colours and sizes, then opens it', async () => {
    renderEditor(makeStaff('catalogue'), '/admin/products/new');
    await flush();
    await click('Save');
    expect(screen.getByText('name is required')).toBeTruthy();
    expect(screen.getByText('colors must name at least one colour')).toBeTruthy();
    expect(screen.getByText('sizes must name at least one size')).toBeTruthy();
    expect(sent('POST')).toEqual([]);

    type('Name', 'Neel Hoodie');
    type('SKU', 'RGZ-NEEL-01');
    type('Price (₹, whole rupees)', '1499');
    type('Category', CATEGORY_ID);
    for (const code of ['Bk', 'Nb']) {
      type('Colour code', code);
      await click('Add colour');
    }
    for (const size of ['L', 'S', 'M']) fireEvent.click(screen.getByLabelText(size));
    fireEvent.click(screen.getByLabelText('Published'));
    await click('Save');
    expect(sent('POST').map((c) => c.body)).toEqual([
      {
        name: 'Neel Hoodie',
        sku: 'RGZ-NEEL-01',
        price: 1499,
        mrpRule: { kind: 'markup', rupees: 300 },
        description: '',
        details: [],
        addInfo: '',
        categoryId: CATEGORY_ID,
        productCategory: null,
        hsnCode: '',
        tags: [],
        published: true,
        seoTitle: '',
        seoDescription: '',
        colors: ['Bk', 'Nb'],
        sizes: ['S', 'M', 'L'],
      },
    ]);
    await flush();
    expect(screen.getByRole('heading', { name: 'Neel Hoodie' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Product created');
  });
});
