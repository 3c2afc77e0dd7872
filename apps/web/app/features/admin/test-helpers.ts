// Test doubles for the back office's unit tests: staff as the API describes them, a fake admin API behind fetch
// whose answers go through the contract's schemas (lib/test-helpers.ts), and pages rendered inside the admin
// session, in a router.
import { errorResponseSchema } from '@rangrez/contract/errors';
import { ROLE_PERMISSIONS, type StaffRole } from '@rangrez/contract/rules/staff-roles';
import type { AuditEntry, StaffMember, StaffSelf } from '@rangrez/contract/schemas/admin';
import type { AdminProduct, AdminProductRow } from '@rangrez/contract/schemas/admin-catalogue';
import type { SubcategoriesData } from '@rangrez/contract/schemas/catalogue';
import type { AdminSlide } from '@rangrez/contract/schemas/admin-slides';
import type { AdminReview } from '@rangrez/contract/schemas/reviews';
import { render } from '@testing-library/react';
import { type ComponentType, createElement } from 'react';
import { createRoutesStub, useLocation } from 'react-router';
import { vi } from 'vitest';
import { apiResponse } from '../../lib/test-helpers';
import { AdminSessionProvider } from './session';

export function makeStaff(role: StaffRole = 'owner', overrides: Partial<StaffSelf> = {}): StaffSelf {
  return {
    _id: '3f0c1a52-8a47-4d0e-9b1e-2a7c5d9e6f10',
    email: `${role}@rangrez.test`,
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    totpEnabled: true,
    mustEnrolTotp: false,
    ...overrides,
  };
}

export function makeMember(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    _id: '7d1e2f30-4b5c-4d6e-8f70-91a2b3c4d5e6',
    email: 'meera@rangrez.test',
    role: 'catalogue',
    status: 'active',
    totpEnabled: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    lastSignInAt: null,
    ...overrides,
  };
}

export const PRODUCT_ID = '5b0f6c2e-1d3a-4e5f-8a9b-0c1d2e3f4a5b';
export const CATEGORY_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const OTHER_CATEGORY_ID = '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b';

/** A product as GET /admin/products/{id} answers it: black and white, S and M, some stock in each. */
export function makeProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    _id: PRODUCT_ID,
    name: 'Kesari Oversized Tee',
    slug: 'kesari-oversized-tee',
    sku: 'RGZ-KES-01',
    images: [],
    price: 899,
    mrp: 1199,
    mrpRule: { kind: 'markup', rupees: 300 },
    stock: 12,
    published: true,
    archived: false,
    description: 'Heavy cotton, dropped shoulders.',
    details: ['240 GSM cotton', 'Screen printed'],
    addInfo: 'Wash cold.',
    categoryId: CATEGORY_ID,
    category: { name: 'Oversized T-shirts', parentCategory: 'Men' },
    productCategory: 'Oversized T-shirt',
    hsnCode: '6109',
    tags: ['summer', 'saffron'],
    seoTitle: '',
    seoDescription: '',
    colors: ['Bk', 'Wh'],
    sizes: ['S', 'M'],
    variants: [
      { _id: 'v1', color: 'Bk', size: 'S', stock: 5, fulfilmentSku: '', sellable: true },
      { _id: 'v2', color: 'Bk', size: 'M', stock: 4, fulfilmentSku: 'QK-BK-M', sellable: true },
      { _id: 'v3', color: 'Wh', size: 'S', stock: 3, fulfilmentSku: '', sellable: true },
      { _id: 'v4', color: 'Wh', size: 'M', stock: 0, fulfilmentSku: '', sellable: false },
    ],
    hasOrders: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function makeProductRow(n: number, overrides: Partial<AdminProductRow> = {}): AdminProductRow {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Product ${n}`,
    sku: `RGZ-${n}`,
    price: 899,
    stock: 25,
    published: true,
    archived: false,
    category: 'Oversized T-shirts',
    thumbnail: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** GET /subcategories's data: two groups. */
export const SUBCATEGORIES: SubcategoriesData = {
  Men: [
    {
      id: CATEGORY_ID,
      name: 'Oversized T-shirts',
      thumbnail: 'http://localhost/media/men.jpg',
      parentCategory: 'Men',
      description: '',
    },
  ],
  Women: [
    {
      id: OTHER_CATEGORY_ID,
      name: 'Crop Tops',
      thumbnail: 'http://localhost/media/women.jpg',
      parentCategory: 'Women',
      description: '',
    },
  ],
};

export function makeReview(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    _id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
    product: { _id: PRODUCT_ID, name: 'Kesari Oversized Tee' },
    shopper: { _id: '8e9f0a1b-2c3d-4e5f-8a7b-6c5d4e3f2a1b', firstName: 'Asha', email: 'asha@example.test' },
    rating: 4,
    comment: 'Lovely fabric, runs a little large.',
    status: 'pending',
    verified: true,
    isDemo: false,
    rejectionReason: null,
    reply: null,
    photos: [],
    createdAt: '2026-11-18T09:30:00.000Z',
    updatedAt: '2026-11-18T09:30:00.000Z',
    ...overrides,
  };
}

/** A slide as GET /admin/slides answers it: live, no window, both images, a few counts. `n` makes its id. */
export function makeSlide(n: number, overrides: Partial<AdminSlide> = {}): AdminSlide {
  return {
    _id: `6a000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Slide ${n}`,
    subtitle: 'New drop',
    cta: 'Shop now',
    ctaLink: '/collection/men/oversized-t-shirts',
    position: n - 1,
    isActive: true,
    startsAt: null,
    endsAt: null,
    status: 'live',
    desktopMediaId: null,
    mobileMediaId: null,
    desktop: null,
    mobile: null,
    impressions: 100,
    clicks: 5,
    ctr: 0.05,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** One audit entry as the timeline calls answer it; `n` makes its id. */
export function makeAuditEntry(n: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: String(n),
    actor: 'owner@rangrez.test',
    role: 'owner',
    action: 'slide.update',
    entityType: 'slide',
    entityId: makeSlide(1)._id,
    before: { title: 'Slide 0' },
    after: { title: 'Slide 1' },
    requestId: `req-${n}`,
    ip: '127.0.0.1',
    at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const errorAnswer = (message: string, status: number) =>
  apiResponse(errorResponseSchema, { success: false, message }, status);

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

/**
 * Stubs fetch with `answer`, which gets each call (the path after /api/v1/admin, with its query) and returns the
 * Response; every call is also recorded in the array returned.
 */
export function fakeAdminApi(answer: (call: FakeCall) => Response): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const call: FakeCall = {
        method: init.method ?? 'GET',
        path: url.replace(/^\/api\/v1\/admin/, ''),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        authorization: headers.get('authorization'),
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

function SignInStub() {
  const { search } = useLocation();
  return createElement('h1', null, `Sign-in page ${search}`);
}

/** Renders `Page` at `path` inside the admin session of `staff`, in a router that also has the sign-in page. */
export function renderInSession(Page: ComponentType, staff: StaffSelf, path = '/admin/page') {
  const Stub = createRoutesStub([
    {
      path,
      Component: () => createElement(AdminSessionProvider, { staff, children: createElement(Page) }),
    },
    { path: '/admin/login', Component: SignInStub },
  ]);
  return render(createElement(Stub, { initialEntries: [path] }));
}

export interface FakeUpload {
  method: string;
  /** The path after /api/v1/admin, with its query. */
  path: string;
  body: unknown;
  contentType: string | null;
  authorization: string | null;
  /** The request's time budget, in milliseconds. */
  timeout: number;
}

/**
 * Stubs XMLHttpRequest, which uploads go through for their progress (transfer.ts): `answer` gets each upload and
 * returns the Response; the upload reports all of its bytes sent, then the answer. Every upload is recorded.
 */
export function fakeUploads(answer: (upload: FakeUpload) => Response): FakeUpload[] {
  const uploads: FakeUpload[] = [];
  class FakeXhr {
    upload: {
      onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    status = 0;
    responseText = '';
    timeout = 0;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private readonly headers = new Headers();
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    send(body: unknown) {
      const upload: FakeUpload = {
        method: this.method,
        path: this.url.replace(/^\/api\/v1\/admin/, ''),
        body,
        contentType: this.headers.get('content-type'),
        authorization: this.headers.get('authorization'),
        timeout: this.timeout,
      };
      uploads.push(upload);
      void (async () => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
        const res = answer(upload);
        this.status = res.status;
        this.responseText = await res.text();
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return uploads;
}
