import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponseSchema } from '@rangrez/contract/errors';
import { postalLookupResponseSchema } from '@rangrez/contract/schemas';
import { apiResponse } from '../../lib/test-helpers';
import { lookupPincode, readPincodeAnswer } from './pincode';

const found = [
  {
    Message: 'Number of pincode(s) found:2',
    Status: 'Success',
    PostOffice: [
      {
        Name: 'Shivajinagar',
        District: 'Pune',
        State: 'Maharashtra',
        Division: 'Pune City West',
        Region: 'Pune',
        Circle: 'Maharashtra',
      },
      { Name: 'Deccan Gymkhana', District: 'Pune', State: 'Maharashtra' },
    ],
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('reading the lookup answer', () => {
  it('takes city from the district and state from the first post office', () => {
    expect(readPincodeAnswer(found)).toEqual({
      kind: 'found',
      city: 'Pune',
      state: 'Maharashtra',
      message: 'Location auto-detected',
    });
  });

  it('brings old state names up to date and keeps only what the city field accepts', () => {
    const answer = [
      { Status: 'Success', PostOffice: [{ Name: 'X', District: 'Y.S.R.  Kadapa', State: 'Orissa' }] },
    ];
    expect(readPincodeAnswer(answer)).toMatchObject({ city: 'YSR Kadapa', state: 'Odisha' });
  });

  it("says 'Invalid PIN code or location not found' for an unknown PIN", () => {
    expect(readPincodeAnswer([{ Message: 'No records found', Status: 'Error', PostOffice: null }])).toEqual({
      kind: 'error',
      message: 'Invalid PIN code or location not found',
    });
    expect(readPincodeAnswer({})).toMatchObject({ kind: 'error' });
  });
});

describe('looking a PIN up', () => {
  it('asks our own directory without a token', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      apiResponse(postalLookupResponseSchema, found),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await lookupPincode('411005')).toMatchObject({ kind: 'found', city: 'Pune' });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/pincode/411005');
    expect(new Headers(fetch.mock.calls[0]?.[1].headers).has('authorization')).toBe(false);
  });

  it("says 'Invalid PIN code format' without asking for a PIN starting with 0, or when the server refuses it", async () => {
    const fetch = vi.fn(async () =>
      apiResponse(
        errorResponseSchema,
        { success: false, message: 'Please enter a valid 6-digit PIN code' },
        400,
      ),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await lookupPincode('011001')).toEqual({ kind: 'error', message: 'Invalid PIN code format' });
    expect(fetch).not.toHaveBeenCalled();
    expect(await lookupPincode('411001')).toEqual({ kind: 'error', message: 'Invalid PIN code format' });
  });

  it("says 'Unable to fetch location. Please enter manually.' when the lookup fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await lookupPincode('411001')).toEqual({
      kind: 'error',
      message: 'Unable to fetch location. Please enter manually.',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        apiResponse(errorResponseSchema, { success: false, message: 'Service unavailable' }, 503),
      ),
    );
    expect(await lookupPincode('411001')).toMatchObject({
      message: 'Unable to fetch location. Please enter manually.',
    });
  });
});
