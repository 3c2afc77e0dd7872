// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { STAFF_MESSAGES } from '@rangrez/contract/rules/staff-roles';
import { type AdminSlide, adminSlideListResponseSchema } from '@rangrez/contract/schemas/admin-slides';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import { type FakeCall, fakeAdminApi, makeSlide, makeStaff, renderInSession } from '../test-helpers';
import { SlidesPage } from './SlidesPage';

let slides: AdminSlide[];
let calls: FakeCall[];
const flush = () => act(async () => {});
const titles = () =>
  within(screen.getByRole('list', { name: 'Slides in display order' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  slides = [
    makeSlide(1),
    makeSlide(2, { status: 'scheduled', startsAt: '2026-12-01T04:30:00.000Z' }),
    makeSlide(3),
  ];
  calls = fakeAdminApi((call) => {
    if (call.method === 'PUT') {
      const { ids } = call.body as { ids: string[] };
      slides = ids.map((id, i) => ({ ...slides.find((s) => s._id === id)!, position: i }));
    }
    return apiResponse(adminSlideListResponseSchema, { slides });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SlidesPage', () => {
  it('lists the slides in order with their status', async () => {
    renderInSession(SlidesPage, makeStaff('catalogue'));
    await flush();
    expect(titles()).toEqual(['Slide 1', 'Slide 2', 'Slide 3']);
    expect(screen.getByText('Scheduled')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New slide' })).toBeTruthy();
  });

  it('saves the whole new order when a slide moves', async () => {
    renderInSession(SlidesPage, makeStaff('catalogue'));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Move “Slide 3” up' }));
    await screen.findByText(/“Slide 3” is now number 2/);
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put).toEqual([
      expect.objectContaining({
        path: '/slides/order',
        body: { ids: [makeSlide(1)._id, makeSlide(3)._id, makeSlide(2)._id] },
      }),
    ]);
    expect(titles()).toEqual(['Slide 1', 'Slide 3', 'Slide 2']);
  });

  it('refuses a role without slides:read before calling the API', async () => {
    renderInSession(SlidesPage, makeStaff('ops'));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(STAFF_MESSAGES.forbidden);
    expect(calls).toHaveLength(0);
  });
});
