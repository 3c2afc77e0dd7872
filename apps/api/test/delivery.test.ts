// The delivery promise (docs/delivery.md): GET /delivery/{pincode} from the offline PIN table and the settings,
// the settings' admin routes (audited, changing the answer), orders keeping their promised day, and the
// promise-against-reality report on orders the simulated partner delivered.
import { createProduct } from '@rangrez/db/factories/catalogue';
import { auditLog } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { reportText } from '../src/modules/delivery/index.ts';
import { signedInStaff } from './admin-helpers.ts';
import { TEST_ADDRESS, type TestApp, codOrderBody, createTestApp, signInNewUser } from './helpers.ts';
import { ORDER_LIFE_SETTINGS, confirmCod, orderRow } from './order-helpers.ts';

// Thursday 26 November 2026, 10:00 in India: the 14:00 cut-off is 4 hours away.
const clock = new ManualClock('2026-11-26T04:30:00.000Z');
const DAY_MS = 86_400_000;
let t: TestApp;
let tee: { id: string };
let allOver: { id: string };

beforeAll(async () => {
  // The simulated partner delivers only when told: the report's test picks the delivery days.
  const partnerWaits = { ...ORDER_LIFE_SETTINGS, QIKINK_SIMULATED_STEP_SECONDS: String(7 * 86_400) };
  t = await createTestApp(partnerWaits, undefined, { clock });
  tee = await createProduct(t.database.db, { name: 'Block Tee', pricePaise: 79_900, stock: 100 });
  allOver = await createProduct(t.database.db, {
    name: 'Kolam All-over Tee',
    pricePaise: 79_900,
    stock: 100,
    tags: ['all-over-print'],
  });
});
afterAll(() => t.close());

const lookup = (path: string) => t.app.inject(`/api/v1/delivery/${path}`);

describe('GET /api/v1/delivery/{pincode}', () => {
  it('promises a date to a courier PIN with cash on delivery: 3 production and 6 transit working days', async () => {
    const res = await lookup('400050');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      pincode: '400050',
      city: 'Mumbai',
      state: 'Maharashtra',
      serviceable: true,
      cod: true,
      deliveryBy: '2026-12-05',
      cutoffAt: '2026-11-26T08:30:00.000Z',
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('counts the zone from the origin: within the city of Coimbatore, 2 transit days', async () => {
    expect((await lookup('641001')).json()).toMatchObject({ city: 'Coimbatore', cod: true, deliveryBy: '2026-12-01' });
  });

  it('serves an India-Post-only PIN prepaid but without cash on delivery, in the special zone', async () => {
    expect((await lookup('194101')).json()).toMatchObject({
      city: 'Leh',
      state: 'Ladakh',
      serviceable: true,
      cod: false,
      deliveryBy: '2026-12-09',
    });
  });

  it("uses the product's production days when asked for one: all-over print takes 5", async () => {
    expect((await lookup(`400050?productId=${allOver.id}`)).json().deliveryBy).toBe('2026-12-08');
    expect((await lookup(`400050?productId=${tee.id}`)).json().deliveryBy).toBe('2026-12-05');
  });

  it('answers an unknown PIN with 404 and the shop message', async () => {
    const res = await lookup('999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'We do not deliver to this PIN code yet.' });
  });

  it.each(['12345', '012345', 'abcdef', '1234567'])('refuses the malformed PIN %s with 400', async (pin) => {
    const res = await lookup(pin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Please enter a valid 6-digit PIN code' });
  });

  it('refuses a productId that is no id', async () => {
    const res = await lookup('400050?productId=tee');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'productId must be a product id' });
  });
});

describe('orders keep their promise', () => {
  it('stores the delivery PIN\'s date and zone at placement and shows deliveryBy in the order', async () => {
    const buyer = await signInNewUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qikink/order',
      headers: buyer.headers,
      payload: codOrderBody(buyer, [{ productId: tee.id }, { productId: allOver.id }], 799 * 2 + 50),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().order.deliveryBy).toBe('2026-12-08');
    const row = await orderRow(t, res.json().qikinkOrderId);
    expect([row.deliveryBy, row.deliveryZone]).toEqual(['2026-12-08', 'rest']);
    const list = await t.app.inject({ url: `/api/v1/orders/${buyer.userId}`, headers: buyer.headers });
    expect(list.json().orders[0].deliveryBy).toBe('2026-12-08');
    const support = await signedInStaff(t, 'support');
    const detail = await t.app.inject({ url: `/api/v1/admin/orders/${row.id}`, headers: support.headers });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().order.deliveryBy).toBe('2026-12-08');
  });
});

const DEFAULTS = {
  originPincode: '641001',
  cutoff: '14:00',
  productionDays: { tshirt: 3, hoodie: 3, sweatshirt: 3, cropTop: 3, jacket: 3, allOverPrint: 5 },
  transitDays: { city: 2, state: 3, metro: 4, rest: 6, special: 9 },
  holidays: [],
};

describe('/api/v1/admin/settings/delivery', () => {
  it('shows the defaults, with where the origin is', async () => {
    const owner = await signedInStaff(t, 'owner');
    const res = await t.app.inject({ url: '/api/v1/admin/settings/delivery', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      settings: DEFAULTS,
      origin: { city: 'Coimbatore', state: 'Tamil Nadu' },
      updatedAt: null,
    });
  });

  it('saves a change with an audit row, and the lookup answers by it', async () => {
    const owner = await signedInStaff(t, 'owner');
    const payload = { ...DEFAULTS, transitDays: { ...DEFAULTS.transitDays, rest: 3 }, holidays: ['2026-11-27'] };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/delivery',
      headers: owner.headers,
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual(payload);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.requestId, String(res.headers['x-request-id'])));
    expect(row).toMatchObject({
      action: 'delivery-settings.update',
      actor: owner.email,
      before: { transitDays: DEFAULTS.transitDays, holidays: [] },
      after: { transitDays: payload.transitDays, holidays: ['2026-11-27'] },
    });
    // Thursday's production, Friday a holiday, Sunday skipped: Sat, Mon, Tue, Wed, Thu.
    expect((await lookup('400050')).json().deliveryBy).toBe('2026-12-03');
    const back = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/delivery',
      headers: owner.headers,
      payload: DEFAULTS,
    });
    expect(back.statusCode).toBe(200);
    expect((await lookup('400050')).json().deliveryBy).toBe('2026-12-05');
  });

  it.each([
    [{ cutoff: '25:00' }, 'cutoff must be a time of day (HH:MM)'],
    [{ holidays: ['2026-02-30'] }, 'holidays must be dates (YYYY-MM-DD)'],
    [{ holidays: ['2026-12-25', '2026-12-25'] }, 'Each holiday may be listed once'],
    [{ transitDays: { ...DEFAULTS.transitDays, rest: -1 } }, 'transitDays.rest must be a whole number of days from 0 to 30'],
    [{ originPincode: '64100' }, 'originPincode must be a 6-digit PIN code'],
  ])('refuses %o with 400', async (change, message) => {
    const owner = await signedInStaff(t, 'owner');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/delivery',
      headers: owner.headers,
      payload: { ...DEFAULTS, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });

  it('is for those who may change settings', async () => {
    const ops = await signedInStaff(t, 'ops');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/delivery',
      headers: ops.headers,
      payload: DEFAULTS,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('promise against reality', () => {
  it('counts per zone the orders delivered by their promise and the median days, against the 90% goal', async () => {
    const partner = t.app.integrations.simulatedPartner!;
    const buyer = await signInNewUser(t);
    const place = async (address: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/qikink/order',
        headers: buyer.headers,
        payload: codOrderBody(buyer, [{ productId: tee.id }], 849, {
          deliveryAddress: { ...TEST_ADDRESS, ...address },
        }),
      });
      expect(res.statusCode).toBe(201);
      const orderNumber = res.json().qikinkOrderId as string;
      // Confirmed at once: only a confirmed cash order goes to the partner (docs/cod-confirmation.md).
      await confirmCod(t, buyer, orderNumber);
      return orderNumber;
    };
    // Different doors: the same body twice within a minute would be answered with the first order.
    const onTime = await place({ doorNo: '1' });
    const late = await place({ doorNo: '2' });
    const local = await place({ city: 'Coimbatore', state: 'Tamil Nadu', pincode: '641001' });
    await t.app.jobs.runDueJobs();
    const deliverAfter = async (orderNumber: string, days: number) => {
      clock.advance(days * DAY_MS);
      await partner.markDelivered(orderNumber);
      await t.app.jobs.runDueJobs({ periodic: true });
    };
    await deliverAfter(local, 4); // Mon 30 Nov: promised Tue 1 Dec
    await deliverAfter(onTime, 1); // Tue 1 Dec: promised Sat 5 Dec
    await deliverAfter(late, 7); // Tue 8 Dec: late
    const owner = await signedInStaff(t, 'owner');
    const res = await t.app.inject({
      url: '/api/v1/admin/delivery/report?from=2026-11-26&to=2026-11-26',
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.zones.find((z: { zone: string }) => z.zone === 'rest')).toEqual({
      zone: 'rest',
      delivered: 2,
      onTime: 1,
      onTimeShare: 0.5,
      medianDays: 8.5,
    });
    expect(report.zones.find((z: { zone: string }) => z.zone === 'city')).toEqual({
      zone: 'city',
      delivered: 1,
      onTime: 1,
      onTimeShare: 1,
      medianDays: 4,
    });
    expect(report.overall).toEqual({ delivered: 3, onTime: 2, onTimeShare: 2 / 3, medianDays: 5 });
    expect([report.goal, report.goalMet]).toEqual([0.9, false]);
    expect(reportText(report).split('\n')).toEqual([
      'Orders placed 2026-11-26 to 2026-11-26, delivered by the partner:',
      'city     delivered     1  on time     1  100.0%  median days 4',
      'state    delivered     0  on time     0       -  median days -',
      'metro    delivered     0  on time     0       -  median days -',
      'rest     delivered     2  on time     1   50.0%  median days 8.5',
      'special  delivered     0  on time     0       -  median days -',
      'overall  delivered     3  on time     2   66.7%  median days 5',
      '>= 90% delivered on or before the promise: not met',
    ]);
    const support = await signedInStaff(t, 'support');
    const refused = await t.app.inject({ url: '/api/v1/admin/delivery/report', headers: support.headers });
    expect(refused.statusCode).toBe(403);
  });
});
