// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponseSchema } from '@rangrez/contract/errors';
import { cartTotals } from '@rangrez/contract/rules/cart-totals';
import {
  type CartLine,
  type ProductDetail,
  type PromotionPreview,
  type PromotionPreviewBody,
  type SavedAddress,
  type User,
  addressesResponseSchema,
  cartResponseSchema,
  checkoutCodResponseSchema,
  codFeeResponseSchema,
  placeOrderResponseSchema,
  postalLookupResponseSchema,
  productDetailSchema,
  promotionPreviewResponseSchema,
  userResponseSchema,
} from '@rangrez/contract/schemas';
import { DEFAULT_MRP_RULE, mrp } from '@rangrez/contract/rules/pricing';
import { apiResponse } from '../../../lib/test-helpers';
import {
  SessionProvider,
  SessionStore,
  type SessionStoreDeps,
  makeSession,
  makeUser,
} from '../../account/test-helpers';
import { buildCheckoutSummary, readCheckoutSummary, saveCheckoutSummary } from '../../cart';
import { refreshCartAfterCheckout } from '../cart-sync';
import { CheckoutPage } from './CheckoutPage';

vi.mock('../cart-sync', () => ({ refreshCartAfterCheckout: vi.fn() }));
// The cart store settles its sign-in merge before a cart checkout reads the server cart.
vi.mock('../../cart/cart-count', () => ({
  loadCart: () => Promise.resolve({ settled: () => Promise.resolve() }),
}));

let store: SessionStore;
let serverUser: User;
/** What GET /addresses answers: none unless a test saves some. */
let savedAddresses: SavedAddress[];
let cartLines: CartLine[];
let productPrice: number;
let orderAnswer: () => Response | Promise<Response>;
const orderCalls: { body: Record<string, unknown>; key: string | null }[] = [];
/** What POST /promotions/preview answers for a body; none by default. */
let previewAnswer: (body: PromotionPreviewBody) => PromotionPreview;
const codeCalls: string[] = [];
const NONE: PromotionPreview = {
  promotions: [],
  promotionDiscount: 0,
  shippingDiscount: 0,
  prepaidOnly: false,
};
const pinCalls: string[] = [];
/** What GET /checkout/cod answers for its query string, and the queries asked. */
let codAnswer: (query: URLSearchParams) => { available: boolean; message: string; fee: number };
const codCalls: string[] = [];

/** The whole product as GET /product/{id} answers it: the buy-now hand-off re-reads its current price. */
function productDetail(price: number): ProductDetail {
  return {
    _id: 'p1',
    name: 'Oni Mask Tee',
    sku: 'RZ-ONI-1',
    price,
    mrp: mrp(price, DEFAULT_MRP_RULE),
    stock: 12,
    image: 'https://store.test/media/p1.webp',
    thumbnail: 'https://store.test/media/p1-160.webp',
    size: ['M', 'L'],
    color: ['Bk'],
    description: 'Heavyweight cotton.',
    category: { name: 'Oversized T-Shirt', parentCategory: { name: 'Men' } },
    averageRating: 0,
    reviewCount: 0,
    colorImages: [{ color: 'Bk', images: ['https://store.test/media/p1.webp'] }],
    colorImageCounts: { Bk: 1 },
    details: [],
    addInfo: '',
    reviews: [],
    productCategory: null,
  };
}

/** The API's answer to a placed order: the whole order, as placeOrderResponseSchema requires. */
function placed(): Response {
  return apiResponse(
    placeOrderResponseSchema,
    {
      success: true,
      message: 'Order placed successfully',
      qikinkOrderId: 'RZ261121ABCD',
      order: {
        _id: 'o1',
        orderId: 'RZ261121ABCD',
        createdAt: '2026-11-21T10:15:00.000Z',
        status: 'created',
        paymentMethod: 'COD',
        totalAmount: 1648,
        qikinkOrderId: 'RZ261121ABCD',
        items: [
          {
            _id: 'i1',
            productName: 'Oni Mask Tee',
            quantity: 2,
            size: 'L',
            color: 'Bk',
            price: 799,
            mrp: 1099,
          },
        ],
        deliveryAddress: {
          fullName: 'Asha Verma',
          doorNo: '12',
          street: 'FC Road',
          city: 'Pune',
          state: 'Maharashtra',
          pincode: '411004',
          phone: '9876543210',
          email: 'asha@example.in',
        },
      },
    },
    201,
  );
}

function SuccessProbe() {
  const location = useLocation();
  const placed = (location.state as { placed?: { qikinkOrderId: string } } | null)?.placed;
  return <p>{`success page ${location.pathname} with ${placed?.qikinkOrderId ?? 'nothing'}`}</p>;
}

function renderCheckout() {
  const Stub = createRoutesStub([
    { path: '/place-order', Component: () => <CheckoutPage /> },
    { path: '/successPage/:id', Component: SuccessProbe },
  ]);
  return render(
    <SessionProvider store={store}>
      <Stub initialEntries={['/place-order']} />
    </SessionProvider>,
  );
}
const flush = () => act(async () => {});
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const placeOrderButton = () =>
  screen.getByRole('button', { name: /Place Order|Processing/ }) as HTMLButtonElement;

function handOff(isBuyNow = false) {
  // A cart checkout buys what the server cart holds; the hand-off only carries BUY NOW's single item.
  if (!isBuyNow) {
    cartLines = [
      {
        _id: 'line-1',
        product: {
          _id: 'p1',
          name: 'Oni Mask Tee',
          sku: 'RZ-1',
          price: 799,
          mrp: 1099,
          stock: 25,
          image: 'https://store.test/media/p1-640.jpg',
          thumbnail: 'https://store.test/media/p1-160.jpg',
        },
        size: 'L',
        color: 'Bk',
        quantity: 2,
        lineTotal: 1598,
        status: 'ok',
      },
    ];
  }
  saveCheckoutSummary(
    buildCheckoutSummary(
      [
        {
          id: 'p1',
          name: 'Oni Mask Tee',
          sku: 'RZ-1',
          quantity: 2,
          price: 799,
          mrp: 1099,
          size: 'L',
          color: 'Bk',
          image: '',
        },
      ],
      isBuyNow,
    ),
  );
}

beforeEach(() => {
  vi.mocked(refreshCartAfterCheckout).mockClear();
  localStorage.clear();
  sessionStorage.clear();
  orderCalls.length = 0;
  pinCalls.length = 0;
  codeCalls.length = 0;
  codCalls.length = 0;
  codAnswer = () => ({ available: true, message: 'Cash on Delivery is available.', fee: 50 });
  previewAnswer = () => NONE;
  serverUser = makeUser();
  savedAddresses = [];
  cartLines = [];
  productPrice = 799;
  orderAnswer = () => placed();
  store = new SessionStore({
    storage: () => localStorage,
    refreshCall: vi.fn<SessionStoreDeps['refreshCall']>(),
    logoutCall: vi.fn<SessionStoreDeps['logoutCall']>(async () => undefined),
  });
  store.signIn(makeSession());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/v1/user/u1')
        return apiResponse(userResponseSchema, { success: true, user: serverUser });
      if (url === '/api/v1/addresses') {
        return apiResponse(addressesResponseSchema, {
          success: true,
          addresses: savedAddresses,
          message: 'Addresses fetched successfully',
        });
      }
      if (url === '/api/v1/cart') {
        const totals = cartTotals({
          lines: cartLines.map((line) => ({
            price: line.product.price,
            mrp: line.product.mrp,
            quantity: line.quantity,
          })),
        });
        return apiResponse(cartResponseSchema, {
          success: true,
          data: { items: cartLines, totals, issues: [] },
        });
      }
      if (url.startsWith('/api/v1/checkout/cod?')) {
        const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
        codCalls.push(query.toString());
        return apiResponse(checkoutCodResponseSchema, { success: true, ...codAnswer(query) });
      }
      if (url === '/api/v1/cod/fee') return apiResponse(codFeeResponseSchema, { success: true, fee: 50 });
      if (url.startsWith('/api/v1/pincode/')) {
        pinCalls.push(url);
        return url.endsWith('/560001')
          ? apiResponse(postalLookupResponseSchema, [
              {
                Message: 'Number of pincode(s) found:1',
                Status: 'Success',
                PostOffice: [{ Name: 'Bangalore GPO', District: 'Bangalore', State: 'Karnataka' }],
              },
            ])
          : apiResponse(postalLookupResponseSchema, [
              { Message: 'No records found', Status: 'Error', PostOffice: null },
            ]);
      }
      if (url === '/api/v1/product/p1') return apiResponse(productDetailSchema, productDetail(productPrice));
      if (url === '/api/v1/promotions/preview') {
        const data = previewAnswer(JSON.parse(String(init.body)) as PromotionPreviewBody);
        return apiResponse(promotionPreviewResponseSchema, { success: true, data });
      }
      if (url === '/api/v1/cart/coupon') {
        codeCalls.push(`${init.method} ${String(init.body ?? '')}`);
        return String(init.body ?? '').includes('WRONG')
          ? apiResponse(errorResponseSchema, { success: false, message: 'Invalid code.' }, 400)
          : apiResponse(cartResponseSchema, {
              success: true,
              data: { items: [], totals: cartTotals({ lines: [] }), issues: [] },
            });
      }
      if (url === '/api/v1/qikink/order' && init.method === 'POST') {
        orderCalls.push({
          body: JSON.parse(String(init.body)) as Record<string, unknown>,
          key: new Headers(init.headers).get('idempotency-key'),
        });
        return orderAnswer();
      }
      return apiResponse(errorResponseSchema, { success: false, message: 'Not found' }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CheckoutPage', () => {
  it('prefills contact and address from the current profile and offers the 36 states and territories', async () => {
    handOff();
    serverUser = makeUser({ phone: '+91 98765 43210', address: { ...serverUser.address, state: 'Orissa' } });
    renderCheckout();
    await flush();
    expect(input('First Name').value).toBe('Asha');
    expect(input('Email').value).toBe('asha@example.in');
    expect(input('Phone Number').value).toBe('9876543210');
    expect(input('Address').value).toBe('FC Road');
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('Odisha');
    const options = [...(screen.getByLabelText('State') as HTMLSelectElement).options].map((o) => o.text);
    expect(options[0]).toBe('Select State');
    expect(options).toHaveLength(37);
    expect(options).toContain('Delhi');
  });

  it('strips input as the shopper types', async () => {
    handOff();
    renderCheckout();
    await flush();
    fireEvent.change(input('Phone Number'), { target: { value: '98-765 43210 77' } });
    expect(input('Phone Number').value).toBe('9876543210');
    fireEvent.change(input('City'), { target: { value: 'Pune 411' } });
    expect(input('City').value).toBe('Pune ');
  });

  it('strips non-digits from a pasted phone or PIN before capping it', async () => {
    handOff();
    renderCheckout();
    await flush();
    // A maxLength would let the browser cut the pasted text before the stripping saw it ('98765 4321').
    expect(input('Phone Number').maxLength).toBe(-1);
    expect(input('PIN Code').maxLength).toBe(-1);
    fireEvent.change(input('Phone Number'), { target: { value: '98765 43210' } });
    expect(input('Phone Number').value).toBe('9876543210');
    fireEvent.change(input('Phone Number'), { target: { value: '+91 98765 43210' } });
    expect(input('Phone Number').value).toBe('9876543210');
    fireEvent.change(input('PIN Code'), { target: { value: '0a1234567' } });
    expect(input('PIN Code').value).toBe('012345');
  });

  it("fills city and state from a complete PIN and says 'Location auto-detected'", async () => {
    handOff();
    renderCheckout();
    await flush();
    fireEvent.change(input('PIN Code'), { target: { value: '5600' } });
    expect(pinCalls).toEqual([]);
    fireEvent.change(input('PIN Code'), { target: { value: '560001x9' } });
    await flush();
    expect(pinCalls).toEqual(['/api/v1/pincode/560001']);
    expect(input('PIN Code').value).toBe('560001');
    expect(input('City').value).toBe('Bangalore');
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('Karnataka');
    expect(screen.getByText('Location auto-detected')).toBeTruthy();
    fireEvent.change(input('PIN Code'), { target: { value: '999999' } });
    await flush();
    expect(screen.getByText('Invalid PIN code or location not found')).toBeTruthy();
  });

  it('blocks a form with errors, names them inline and focuses the first', async () => {
    handOff();
    renderCheckout();
    await flush();
    fireEvent.change(input('Email'), { target: { value: 'asha@' } });
    fireEvent.change(input('Address'), { target: { value: '' } });
    fireEvent.click(placeOrderButton());
    await flush();
    expect(screen.getByText('Please fix the errors in the form before submitting.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Address is required')).toBeTruthy();
    expect(document.activeElement).toBe(input('Email'));
    expect(input('Email').getAttribute('aria-describedby')).toBe('checkout-email-error');
    expect(orderCalls).toEqual([]);
  });

  it('says the cart is empty when nothing is handed over and the server cart is empty', async () => {
    renderCheckout();
    await flush();
    fireEvent.click(placeOrderButton());
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(
      'Your cart is empty. Please add items before placing an order.',
    );
  });

  it('places a cash-on-delivery order once however often Place Order is pressed, then opens the success page', async () => {
    handOff();
    let release!: () => void;
    orderAnswer = () =>
      new Promise((resolve) => {
        release = () => resolve(placed());
      });
    renderCheckout();
    await flush();
    fireEvent.click(screen.getByLabelText(/Cash on Delivery/));
    expect(screen.getByText('₹1,648')).toBeTruthy();
    fireEvent.click(placeOrderButton());
    fireEvent.click(placeOrderButton());
    await flush();
    expect(placeOrderButton().textContent).toBe('Processing...');
    expect(placeOrderButton().disabled).toBe(true);
    fireEvent.click(placeOrderButton());
    await act(async () => release());
    await flush();
    expect(orderCalls).toHaveLength(1);
    expect(orderCalls[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(orderCalls[0]?.body).toMatchObject({
      orderItems: [{ productId: 'p1', size: 'L', quantity: '2', color: 'Bk' }],
      customerId: 'u1',
      totalAmount: 1648,
      gateway: 'COD',
      orderType: 'CART_CHECKOUT',
    });
    expect(screen.getByText('success page /successPage/RZ261121ABCD with RZ261121ABCD')).toBeTruthy();
    expect(readCheckoutSummary()).toBeNull();
    expect(refreshCartAfterCheckout).toHaveBeenCalledTimes(1);
  });

  it("sends a business buyer's GSTIN from the collapsed field, and shows the server's refusal of a bad one", async () => {
    handOff();
    orderAnswer = () =>
      apiResponse(errorResponseSchema, { success: false, message: 'Enter a valid GSTIN.' }, 400);
    renderCheckout();
    await flush();
    const toggle = screen.getByText('Have a GSTIN? Add it for a business invoice');
    expect(toggle.closest('details')?.open).toBe(false);
    fireEvent.click(screen.getByLabelText(/Cash on Delivery/));
    fireEvent.change(screen.getByLabelText('GSTIN (optional)'), { target: { value: '29aaacr5055k1zx' } });
    fireEvent.click(placeOrderButton());
    await flush();
    expect(orderCalls[0]?.body).toMatchObject({ gstin: '29AAACR5055K1ZX' });
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid GSTIN.');
  });

  it('leaves the cart alone after BUY NOW', async () => {
    handOff(true);
    renderCheckout();
    await flush();
    fireEvent.click(screen.getByLabelText(/Cash on Delivery/));
    fireEvent.click(placeOrderButton());
    await flush();
    expect(orderCalls[0]?.body).toMatchObject({ orderType: 'BUY_NOW' });
    expect(refreshCartAfterCheckout).not.toHaveBeenCalled();
  });

  it("shows the server's refusal, ends busy, and retries the same attempt with the same key", async () => {
    handOff();
    orderAnswer = () =>
      apiResponse(errorResponseSchema, { success: false, message: 'Only 1 left of Oni Mask Tee' }, 409);
    renderCheckout();
    await flush();
    fireEvent.click(screen.getByLabelText(/Cash on Delivery/));
    fireEvent.click(placeOrderButton());
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Only 1 left of Oni Mask Tee');
    expect(placeOrderButton().textContent).toBe('Place Order');
    fireEvent.click(placeOrderButton());
    await flush();
    expect(orderCalls).toHaveLength(2);
    expect(orderCalls[1]?.key).toBe(orderCalls[0]?.key);
    fireEvent.change(input('Door No.'), { target: { value: '14' } });
    fireEvent.click(placeOrderButton());
    await flush();
    expect(orderCalls[2]?.key).not.toBe(orderCalls[0]?.key);
  });

  it('shows the new prices after the server refuses the old total (BUY NOW hand-off)', async () => {
    handOff(true);
    productPrice = 899;
    orderAnswer = () =>
      apiResponse(
        errorResponseSchema,
        { success: false, message: 'Prices have changed. Please review your order.' },
        409,
      );
    renderCheckout();
    await flush();
    fireEvent.click(screen.getByLabelText(/Cash on Delivery/));
    expect(screen.getByText('₹1,648')).toBeTruthy();
    fireEvent.click(placeOrderButton());
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Prices have changed. Please review your order.');
    expect(screen.getByText('₹1,848')).toBeTruthy();
    expect(readCheckoutSummary()?.items[0]?.price).toBe(899);
    orderAnswer = () => placed();
    fireEvent.click(placeOrderButton());
    await flush();
    expect(orderCalls.map((c) => c.body.totalAmount)).toEqual([1648, 1848]);
    // A different body is a different attempt.
    expect(orderCalls[1]?.key).not.toBe(orderCalls[0]?.key);
  });

  it('buys the server cart when nothing was handed over', async () => {
    cartLines = [
      {
        _id: 'l1',
        product: {
          _id: 'p9',
          name: 'Varsity Jacket',
          sku: 'RZ-9',
          price: 1999,
          mrp: 2299,
          stock: 5,
          image: 'https://shop.example/a.webp',
          thumbnail: 'https://shop.example/a-s.webp',
        },
        size: 'M',
        color: 'Nb',
        quantity: 1,
        lineTotal: 1999,
        status: 'ok',
      },
      {
        _id: 'l2',
        product: {
          _id: 'p8',
          name: 'Gone Tee',
          sku: 'RZ-8',
          price: 499,
          mrp: 799,
          stock: 0,
          image: 'https://shop.example/b.webp',
          thumbnail: 'https://shop.example/b-s.webp',
        },
        size: 'M',
        color: 'Bk',
        quantity: 1,
        lineTotal: 499,
        status: 'out_of_stock',
      },
    ];
    renderCheckout();
    await flush();
    expect(screen.getByText('Varsity Jacket')).toBeTruthy();
    expect(screen.queryByText('Gone Tee')).toBeNull();
    fireEvent.click(screen.getByLabelText(/Cash on Delivery/));
    fireEvent.click(placeOrderButton());
    await flush();
    expect(orderCalls.at(-1)?.body).toMatchObject({
      orderItems: [{ productId: 'p9', size: 'M', quantity: '1', color: 'Nb' }],
      totalAmount: 2049,
    });
  });
});

describe('CheckoutPage cash on delivery rules', () => {
  const codRadio = () => screen.getByLabelText(/Cash on Delivery/) as HTMLInputElement;

  it('disables cash on delivery with the reason beside it, and asks again when the PIN changes', async () => {
    handOff();
    const reason = 'Cash on Delivery is available for orders between ₹0 and ₹1,500.';
    codAnswer = (query) =>
      query.get('pincode') === '411004'
        ? { available: false, message: reason, fee: 50 }
        : { available: true, message: 'Cash on Delivery is available.', fee: 75 };
    renderCheckout();
    await flush();
    expect(codCalls).toEqual(['pincode=411004&value=1598&phone=9876543210']);
    expect(codRadio().disabled).toBe(true);
    const refusal = screen.getByText(reason);
    expect(codRadio().getAttribute('aria-describedby')).toContain(refusal.id);
    expect(screen.getByText('Pay when it arrives · Shipping ₹50')).toBeTruthy();

    fireEvent.change(input('PIN Code'), { target: { value: '560001' } });
    await flush();
    expect(codCalls.at(-1)).toBe('pincode=560001&value=1598&phone=9876543210');
    expect(codRadio().disabled).toBe(false);
    expect(screen.queryByText(reason)).toBeNull();
    // The fee the owner set comes with the answer and prices the order.
    fireEvent.click(codRadio());
    expect(screen.getByText('Pay when it arrives · Shipping ₹75')).toBeTruthy();
  });

  it('moves a shopper who chose cash on delivery back to online payment when the rules refuse it', async () => {
    handOff();
    codAnswer = (query) =>
      query.get('pincode') === '744101'
        ? { available: false, message: 'Cash on Delivery is not available for this PIN code.', fee: 50 }
        : { available: true, message: 'Cash on Delivery is available.', fee: 50 };
    renderCheckout();
    await flush();
    fireEvent.click(codRadio());
    expect(codRadio().checked).toBe(true);
    fireEvent.change(input('PIN Code'), { target: { value: '744101' } });
    await flush();
    expect(codRadio().checked).toBe(false);
    expect((screen.getByLabelText(/Online/) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Cash on Delivery is not available for this PIN code.')).toBeTruthy();
  });
});

describe('CheckoutPage promotions', () => {
  const tenOff = (body: PromotionPreviewBody): PromotionPreview =>
    body.code === 'SAVE10'
      ? {
          promotions: [{ id: 'pr1', code: 'SAVE10', kind: 'percentage', title: 'Ten off', saved: 159 }],
          promotionDiscount: 159,
          shippingDiscount: 0,
          prepaidOnly: false,
          couponCode: 'SAVE10',
        }
      : NONE;
  const total = () => screen.getByText('Total', { selector: 'dt' }).nextElementSibling?.textContent;
  async function applyCode(code: string) {
    fireEvent.change(input('Discount code'), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await flush();
  }

  it('refuses a wrong code in the server words, then applies one: its line, the total and the order body', async () => {
    handOff();
    previewAnswer = tenOff;
    renderCheckout();
    await flush();
    fireEvent.click(screen.getByLabelText(/Cash on Delivery/));
    await flush();
    await applyCode('WRONG');
    expect(screen.getByRole('alert').textContent).toBe('Invalid code.');
    await applyCode('save10');
    expect(codeCalls).toEqual(['POST {"code":"WRONG"}', 'POST {"code":"save10"}']);
    expect(screen.getByText('Code SAVE10 applied')).toBeTruthy();
    expect(screen.getByText('Ten off')).toBeTruthy();
    expect(screen.getByText('-₹159')).toBeTruthy();
    // ₹1,598 + ₹50 cash-on-delivery shipping - ₹159.
    expect(total()).toBe('₹1,489');
    fireEvent.click(placeOrderButton());
    await flush();
    expect(orderCalls[0]?.body).toMatchObject({ couponCode: 'SAVE10', totalAmount: 1489, gateway: 'COD' });
  });

  it('starts with the code kept with the cart, and shows free shipping as its own saving', async () => {
    handOff();
    const cart = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (url !== '/api/v1/cart') return cart!(url, init);
      const totals = cartTotals({ lines: [{ price: 799, mrp: 1099, quantity: 2 }] });
      return apiResponse(cartResponseSchema, {
        success: true,
        data: { items: cartLines, totals, issues: [], couponCode: 'SHIPFREE' },
      });
    });
    previewAnswer = (body) =>
      body.code === 'SHIPFREE' && body.gateway === 'COD'
        ? {
            promotions: [
              { id: 'pr2', code: 'SHIPFREE', kind: 'free_shipping', title: 'Free shipping', saved: 50 },
            ],
            promotionDiscount: 0,
            shippingDiscount: 50,
            prepaidOnly: false,
            couponCode: 'SHIPFREE',
          }
        : { ...NONE, couponCode: body.code };
    renderCheckout();
    await flush();
    expect(screen.getByText('Code SHIPFREE applied')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Cash on Delivery/));
    await flush();
    expect(screen.getByText('Free shipping')).toBeTruthy();
    expect(screen.getByText('-₹50')).toBeTruthy();
    expect(total()).toBe('₹1,598');
  });

  it('does not offer cash on delivery while a prepaid-only promotion applies, and says why', async () => {
    handOff();
    previewAnswer = (body) =>
      body.code === 'PREPAID10'
        ? {
            promotions: [
              { id: 'pr3', code: 'PREPAID10', kind: 'percentage', title: 'Prepaid ten', saved: 159 },
            ],
            promotionDiscount: 159,
            shippingDiscount: 0,
            prepaidOnly: true,
            couponCode: 'PREPAID10',
          }
        : NONE;
    renderCheckout();
    await flush();
    fireEvent.click(screen.getByLabelText(/Cash on Delivery/));
    await applyCode('PREPAID10');
    expect(screen.queryByLabelText(/Cash on Delivery/)).toBeNull();
    expect((screen.getByLabelText(/Online/) as HTMLInputElement).checked).toBe(true);
    expect(
      screen.getByText(
        'Cash on Delivery is not available: an offer in your order is for prepaid orders only.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove code' }));
    await flush();
    expect(screen.getByLabelText(/Cash on Delivery/)).toBeTruthy();
    expect(codeCalls.at(-1)).toBe('DELETE ');
  });

  it('shows a refusal at placement, keeps the form, and places the order once the code is removed', async () => {
    handOff();
    previewAnswer = tenOff;
    orderAnswer = () =>
      orderCalls.length === 1
        ? apiResponse(
            errorResponseSchema,
            { success: false, message: 'This code has already been used.' },
            400,
          )
        : placed();
    renderCheckout();
    await flush();
    fireEvent.click(screen.getByLabelText(/Cash on Delivery/));
    await applyCode('SAVE10');
    fireEvent.click(placeOrderButton());
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('This code has already been used.');
    expect(input('Door No.').value).not.toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Remove code' }));
    await flush();
    expect(total()).toBe('₹1,648');
    fireEvent.click(placeOrderButton());
    await flush();
    expect(orderCalls).toHaveLength(2);
    expect(orderCalls[1]?.body).not.toHaveProperty('couponCode');
    expect(orderCalls[1]?.body).toMatchObject({ totalAmount: 1648 });
    expect(screen.getByText('success page /successPage/RZ261121ABCD with RZ261121ABCD')).toBeTruthy();
  });
});

function saved(overrides: Partial<SavedAddress>): SavedAddress {
  return {
    _id: 'a1',
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@example.in',
    phone: '9876543210',
    doorNo: '4th floor',
    address: 'Linking Road, Bandra West',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400050',
    isDefault: true,
    lastUsedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

describe('CheckoutPage: the address book', () => {
  it("pre-fills the first saved address over the profile's, offers the others and a new one, and saves by default", async () => {
    handOff();
    savedAddresses = [
      saved({}),
      saved({
        _id: 'a2',
        doorNo: '7',
        address: 'MG Road, Camp',
        city: 'Pune',
        pincode: '411001',
        isDefault: false,
      }),
    ];
    renderCheckout();
    await flush();
    expect([
      input('Door No.').value,
      input('Address').value,
      input('City').value,
      input('PIN Code').value,
    ]).toEqual(['4th floor', 'Linking Road, Bandra West', 'Mumbai', '400050']);
    const group = screen.getByRole('group', { name: 'Saved addresses' });
    const radios = [...group.querySelectorAll('input[type=radio]')] as HTMLInputElement[];
    expect(radios.map((r) => [r.labels?.[0]?.textContent, r.checked])).toEqual([
      ['Asha Verma, 4th floor, Linking Road, Bandra West, Mumbai, Maharashtra 400050 (Default)', true],
      ['Asha Verma, 7, MG Road, Camp, Pune, Maharashtra 411001', false],
      ['A new address', false],
    ]);
    fireEvent.click(screen.getByLabelText('Asha Verma, 7, MG Road, Camp, Pune, Maharashtra 411001'));
    expect([input('Door No.').value, input('City').value, input('PIN Code').value]).toEqual([
      '7',
      'Pune',
      '411001',
    ]);
    fireEvent.click(screen.getByLabelText('A new address'));
    expect([
      input('Door No.').value,
      input('Address').value,
      input('City').value,
      input('PIN Code').value,
    ]).toEqual(['', '', '', '']);
    expect(input('First Name').value).toBe('Asha');
    expect((screen.getByLabelText('Save this address') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(
      screen.getByLabelText(
        'Asha Verma, 4th floor, Linking Road, Bandra West, Mumbai, Maharashtra 400050 (Default)',
      ),
    );
    fireEvent.click(screen.getByLabelText(/Cash on Delivery/));
    fireEvent.click(placeOrderButton());
    await flush();
    expect(orderCalls[0]?.body).toMatchObject({
      saveAddress: true,
      deliveryAddress: {
        doorNo: '4th floor',
        address: 'Linking Road, Bandra West',
        city: 'Mumbai',
        pincode: '400050',
      },
    });
  });

  it('shows no list without saved addresses and sends no saveAddress when the box is cleared', async () => {
    handOff();
    renderCheckout();
    await flush();
    expect(screen.queryByRole('group', { name: 'Saved addresses' })).toBeNull();
    expect(input('City').value).toBe('Pune');
    fireEvent.click(screen.getByLabelText('Save this address'));
    fireEvent.click(screen.getByLabelText(/Cash on Delivery/));
    fireEvent.click(placeOrderButton());
    await flush();
    expect(orderCalls).toHaveLength(1);
    expect(orderCalls[0]?.body).not.toHaveProperty('saveAddress');
  });
});
