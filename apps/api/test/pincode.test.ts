import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/pincode/{pin}', () => {
  it('answers a known PIN in the public lookup shape, with current state names', async () => {
    const res = await t.app.inject('/api/v1/pincode/500001');
    expect(res.statusCode).toBe(200);
    const [first] = res.json();
    expect(first.Status).toBe('Success');
    expect(first.PostOffice[0]).toMatchObject({ District: 'Hyderabad', State: 'Telangana', Pincode: '500001' });
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it.each([
    ['194101', 'Leh', 'Ladakh'],
    ['411001', 'Pune', 'Maharashtra'],
    ['110001', 'Central Delhi', 'Delhi'],
    ['396193', undefined, 'Dadra and Nagar Haveli and Daman and Diu'],
    ['362520', 'Diu', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['605001', undefined, 'Puducherry'],
  ])('%s is in %s, %s', async (pin, district, state) => {
    const office = (await t.app.inject(`/api/v1/pincode/${pin}`)).json()[0].PostOffice[0];
    expect(office.State).toBe(state);
    if (district) expect(office.District).toBe(district);
  });

  it('answers an unknown PIN like the public service: Status Error, no offices', async () => {
    const res = await t.app.inject('/api/v1/pincode/999999');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ Message: 'No records found', Status: 'Error', PostOffice: null }]);
  });

  it.each(['12345', '012345', 'abcdef', '1234567', "1' OR '1"])('refuses the malformed PIN %s with 400', async (pin) => {
    const res = await t.app.inject(`/api/v1/pincode/${encodeURIComponent(pin)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Please enter a valid 6-digit PIN code' });
  });
});
