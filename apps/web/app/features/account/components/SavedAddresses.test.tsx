// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type SavedAddress,
  addressResponseSchema,
  addressesResponseSchema,
  successMessageResponseSchema,
} from '@rangrez/contract/schemas';
import { apiResponse } from '../../../lib/test-helpers';
import { SavedAddresses } from './SavedAddresses';

const home: SavedAddress = {
  _id: 'a1',
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.in',
  phone: '9876543210',
  doorNo: '12B',
  address: 'Linking Road, Bandra West',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
  isDefault: true,
  lastUsedAt: '2026-11-20T10:00:00.000Z',
};
const office: SavedAddress = {
  ...home,
  _id: 'a2',
  doorNo: '7',
  city: 'Pune',
  pincode: '411001',
  isDefault: false,
};

let stored: SavedAddress[];
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  stored = [home, office];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method !== 'GET') calls.push(`${method} ${url} ${String(init.body ?? '')}`);
      if (url === '/api/v1/addresses') {
        return apiResponse(addressesResponseSchema, { success: true, addresses: stored, message: 'ok' });
      }
      const id = url.slice('/api/v1/addresses/'.length);
      if (method === 'DELETE') {
        stored = stored.filter((a) => a._id !== id);
        return apiResponse(successMessageResponseSchema, { success: true, message: 'Address deleted' });
      }
      stored = stored.map((a) => ({ ...a, isDefault: a._id === id })).sort((a) => (a.isDefault ? -1 : 1));
      return apiResponse(addressResponseSchema, {
        success: true,
        address: stored[0]!,
        message: 'Address updated',
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const items = () => screen.getByRole('list', { name: 'Saved addresses' }).querySelectorAll('li');

describe('SavedAddresses', () => {
  it('lists the addresses, makes another the default and deletes one, saying what happened', async () => {
    render(<SavedAddresses />);
    await act(async () => {});
    expect([...items()].map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Asha Verma, 12B, Linking Road, Bandra West, Mumbai, Maharashtra 400050Default',
      'Asha Verma, 7, Linking Road, Bandra West, Pune, Maharashtra 411001',
    ]);
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Make default: Asha Verma, 7, Linking Road, Bandra West, Pune, Maharashtra 411001',
      }),
    );
    await act(async () => {});
    expect(calls).toEqual(['PATCH /api/v1/addresses/a2 {"isDefault":true}']);
    expect(screen.getByRole('status').textContent).toBe('Address updated');
    expect(items()[0]?.querySelector('p')?.textContent).toContain('Pune, Maharashtra 411001Default');
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Delete: Asha Verma, 12B, Linking Road, Bandra West, Mumbai, Maharashtra 400050',
      }),
    );
    await act(async () => {});
    expect(calls[1]).toBe('DELETE /api/v1/addresses/a1 ');
    expect(screen.getByRole('status').textContent).toBe('Address deleted');
    expect(items()).toHaveLength(1);
  });

  it('says how to add one when there are none', async () => {
    stored = [];
    render(<SavedAddresses />);
    await act(async () => {});
    expect(
      screen.getByText("No saved addresses yet. Tick 'Save this address' at checkout to keep one."),
    ).toBeTruthy();
  });
});
