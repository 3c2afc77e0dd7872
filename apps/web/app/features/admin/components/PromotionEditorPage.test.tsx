// @vitest-environment happy-dom
import {
  adminPromotionCodesResponseSchema,
  adminPromotionGstCheckResponseSchema,
  adminPromotionOrdersResponseSchema,
  adminPromotionReportResponseSchema,
  adminPromotionResponseSchema,
  type AdminPromotion,
  type AdminPromotionGstCheckResponse,
} from '@rangrez/contract/schemas/admin-promotions';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import { type FakeCall, errorAnswer, fakeAdminApi, makeStaff, renderInSession } from '../test-helpers';
import { NewPromotionPage, PromotionEditorPage } from './PromotionEditorPage';

const PROMOTION: AdminPromotion = {
  id: '3c1d7e0a-5b2f-4c8e-9d1a-2b3c4d5e6f70',
  title: 'Ten off',
  code: 'TEN10',
  kind: 'percentage',
  value: 10,
  maxDiscount: null,
  buyQuantity: null,
  getQuantity: null,
  bundleQuantity: null,
  target: 'order',
  targetIds: [],
  minSubtotal: 0,
  minQuantity: 0,
  usageLimit: 5,
  perCustomerLimit: null,
  budget: null,
  prepaidOnly: false,
  firstOrderOnly: false,
  shoppers: [],
  startsAt: null,
  endsAt: null,
  automatic: false,
  combinable: false,
  active: true,
  used: 1,
  redemptions: 2,
  budgetUsed: 123,
  batchCodes: 0,
  batchCodesUsed: 0,
  managedBy: null,
  createdAt: '2026-11-20T06:00:00.000Z',
  updatedAt: '2026-11-20T06:00:00.000Z',
};

const REPORT = {
  success: true as const,
  promotionId: PROMOTION.id,
  from: '2026-11-25',
  to: '2026-11-26',
  days: [
    { day: '2026-11-25', redemptions: 1, revenue: 1161, discount: 123 },
    { day: '2026-11-26', redemptions: 0, revenue: 0, discount: 0 },
  ],
  totals: { redemptions: 1, revenue: 1161, discount: 123 },
};

const ORDERS = {
  success: true as const,
  page: 1,
  pageSize: 20,
  total: 1,
  orders: [
    {
      orderId: 'RZ1234ABCD',
      placedAt: '2026-11-25T10:00:00.000Z',
      customer: 'Asha Verma',
      code: 'TEN10',
      total: 1161,
      discount: 123,
      state: 'confirmed',
      releasedAt: null,
    },
  ],
};

const NO_GST_WARNING: AdminPromotionGstCheckResponse = { success: true, total: 0, products: [] };
let gstCheck: AdminPromotionGstCheckResponse;
let stored: AdminPromotion;
let calls: FakeCall[];
let refuseCreate: string | null;
const flush = () => act(async () => {});

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  stored = PROMOTION;
  gstCheck = NO_GST_WARNING;
  refuseCreate = null;
  calls = fakeAdminApi((call) => {
    if (call.path.endsWith('/report')) return apiResponse(adminPromotionReportResponseSchema, REPORT);
    if (call.path.endsWith('/gst-check')) return apiResponse(adminPromotionGstCheckResponseSchema, gstCheck);
    if (call.path.includes('/orders?')) return apiResponse(adminPromotionOrdersResponseSchema, ORDERS);
    if (call.path.endsWith('/codes'))
      return apiResponse(
        adminPromotionCodesResponseSchema,
        { success: true, batchCodes: 3, codes: ['A', 'B', 'C'] },
        201,
      );
    if (call.method === 'POST' && refuseCreate) return errorAnswer(refuseCreate, 409);
    if (call.method === 'PATCH') stored = { ...stored, ...(call.body as Partial<AdminPromotion>) };
    return apiResponse(adminPromotionResponseSchema, { success: true, promotion: stored });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EditPage = () => <PromotionEditorPage id={PROMOTION.id} />;

describe('new promotion', () => {
  it("shows the contract's messages beside their fields and sends nothing", async () => {
    renderInSession(NewPromotionPage, makeStaff('catalogue'));
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create promotion' }));
    await flush();
    expect(screen.getByText('code must be 3 to 32 letters, digits, - or _')).toBeTruthy();
    expect(screen.getByText('value must be a whole percent from 1 to 100')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Code'));
    expect(calls).toHaveLength(0);
  });

  it("sends the body in rupees and India time, and shows the server's refusal", async () => {
    refuseCreate = 'This code is already in use';
    renderInSession(NewPromotionPage, makeStaff('owner'));
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'ten10' } });
    fireEvent.change(screen.getByLabelText('Percent off'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Cap (₹, optional)'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('Budget (₹)'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('Starts (India time)'), { target: { value: '2026-12-01T00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create promotion' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This code is already in use'));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/promotions',
      body: {
        code: 'TEN10',
        value: 10,
        maxDiscount: 300,
        budget: 5000,
        startsAt: '2026-11-30T18:30:00.000Z',
      },
    });
  });
});

describe('a promotion page', () => {
  it('warns of the products the offer puts between the GST slabs, and says nothing when there are none', async () => {
    gstCheck = {
      success: true,
      total: 1,
      products: [{ id: 'j1', name: 'Varsity Jacket', price: 3199, priceAfter: 2880, quantity: 1 }],
    };
    renderInSession(EditPage, makeStaff('catalogue'));
    const warning = await screen.findByRole('region', { name: 'Prices between the GST slabs' });
    expect(within(warning).getByRole('listitem').textContent).toBe('Varsity Jacket: ₹3,199 → ₹2,880 a piece');
    cleanup();
    gstCheck = NO_GST_WARNING;
    renderInSession(EditPage, makeStaff('catalogue'));
    await screen.findByRole('button', { name: 'Switch off' });
    expect(screen.queryByRole('region', { name: 'Prices between the GST slabs' })).toBeNull();
  });

  it("sends the welcome offer's terms to the settings and keeps only its switch", async () => {
    stored = { ...PROMOTION, managedBy: 'settings' };
    renderInSession(EditPage, makeStaff('owner'));
    expect(await screen.findByRole('button', { name: 'Switch off' })).toBeTruthy();
    expect(screen.getByText(/its percent, cap and minimum order are set in/).textContent).toBe(
      "This is the newsletter's welcome offer: its percent, cap and minimum order are set in Settings, and every code sent follows them.",
    );
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/admin/settings');
    expect(screen.queryByRole('heading', { name: 'Edit' })).toBeNull();
  });

  it('shows its days as a table and the orders that used it, each linked', async () => {
    renderInSession(EditPage, makeStaff('catalogue'));
    const days = within(await screen.findByRole('region', { name: 'Redemptions per day' }));
    expect(
      days
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['25 Nov1₹1,161₹123', '26 Nov0₹0₹0', 'Total1₹1,161₹123']);
    const link = await screen.findByRole('link', { name: 'RZ1234ABCD' });
    expect(link.getAttribute('href')).toBe('/admin/orders/RZ1234ABCD');
    expect(screen.getByText('1 order, page 1 of 1')).toBeTruthy();
    expect(screen.getByText(/Used 2 times\. Orders already placed keep what they got/)).toBeTruthy();
  });

  it('switches off with a patch of `active` alone, and says so', async () => {
    renderInSession(EditPage, makeStaff('catalogue'));
    fireEvent.click(await screen.findByRole('button', { name: 'Switch off' }));
    await screen.findByRole('button', { name: 'Switch on' });
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: `/promotions/${PROMOTION.id}`, body: { active: false } }),
    ]);
    expect(screen.getByText('Switched off.')).toBeTruthy();
    expect((screen.getByLabelText('Active') as HTMLInputElement).checked).toBe(false);
  });

  it('makes single-use codes for a batch promotion', async () => {
    stored = { ...PROMOTION, code: null };
    renderInSession(EditPage, makeStaff('owner'));
    fireEvent.change(await screen.findByLabelText('How many codes to make'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate codes' }));
    expect(await screen.findByText('3 codes made; the batch holds 3.')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/codes'))).toMatchObject({
      method: 'POST',
      body: { count: 3 },
    });
    expect(screen.getByRole('button', { name: 'Download codes (CSV)' })).toBeTruthy();
  });

  it('refuses a role without promotions:read, without calling the API', async () => {
    renderInSession(EditPage, makeStaff('ops'));
    expect(await screen.findByText('Your role does not allow this')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
