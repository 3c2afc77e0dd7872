// @vitest-environment happy-dom
import { successMessageResponseSchema } from '@rangrez/contract/schemas/basics';
import {
  adminSearchMissListResponseSchema,
  adminSynonymListResponseSchema,
  adminSynonymResponseSchema,
} from '@rangrez/contract/schemas/search';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import { type FakeCall, fakeAdminApi, makeStaff, renderInSession } from '../test-helpers';
import { SearchPage } from './SearchPage';

const TEE_ID = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
let calls: FakeCall[];
const flush = () => act(async () => {});

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  calls = fakeAdminApi((call) => {
    if (call.path === '/search/misses')
      return apiResponse(adminSearchMissListResponseSchema, {
        misses: [{ query: 'zebra print', count: 3, lastSeenAt: '2026-11-20T10:00:00.000Z' }],
      });
    if (call.method === 'GET')
      return apiResponse(adminSynonymListResponseSchema, {
        synonyms: [{ id: TEE_ID, terms: ['tee', 't-shirt'] }],
      });
    if (call.method === 'DELETE')
      return apiResponse(successMessageResponseSchema, { success: true, message: 'Synonym deleted' });
    return apiResponse(
      adminSynonymResponseSchema,
      { synonym: { id: TEE_ID, terms: ['sweater', 'jumper'] } },
      201,
    );
  });
});
afterEach(cleanup);

describe('the search page', () => {
  it('lists the searches that found nothing and lets the catalogue role add a synonym', async () => {
    renderInSession(SearchPage, makeStaff('catalogue'));
    await flush();
    const misses = screen.getByRole('table');
    expect(within(misses).getAllByRole('row')[1]!.textContent).toContain('zebra print3');
    fireEvent.change(screen.getByLabelText('New synonym (terms separated by commas)'), {
      target: { value: ' sweater, jumper ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add synonym' }));
    await flush();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/search/synonyms',
      body: { terms: ['sweater', 'jumper'] },
    });
    expect(screen.getByRole('status').textContent).toBe('Synonym added');
    fireEvent.click(screen.getByRole('button', { name: 'Delete tee, t-shirt' }));
    await flush();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/search/synonyms/${TEE_ID}`);
  });

  it('shows the synonyms read-only to a role that may not change them', async () => {
    renderInSession(SearchPage, makeStaff('support'));
    await flush();
    expect(screen.getByText('tee, t-shirt')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add synonym' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
