// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ADMIN_SLIDE_MESSAGES,
  adminSlideCreateBodySchema,
  adminSlideResponseSchema,
  adminSlideStatsResponseSchema,
} from '@rangrez/contract/schemas/admin-slides';
import { auditListResponseSchema } from '@rangrez/contract/schemas/admin';
import { successMessageResponseSchema } from '@rangrez/contract/schemas/basics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import {
  type FakeCall,
  fakeAdminApi,
  makeAuditEntry,
  makeSlide,
  makeStaff,
  renderInSession,
} from '../test-helpers';
import { NewSlidePage, SlideEditorPage } from './SlideEditorPage';

// The canvas chart is not what these tests look at (happy-dom draws no canvas); its numbers are in the table.
vi.mock('./SlideChart', () => ({ SlideChart: () => null }));

const slide = makeSlide(1);
let timeline = [makeAuditEntry(7)];
let calls: FakeCall[];
const flush = () => act(async () => {});
const STATS = {
  slideId: slide._id,
  from: '2026-11-24',
  to: '2026-11-25',
  days: [
    { day: '2026-11-24', impressions: 1200, clicks: 30, ctr: 0.025 },
    { day: '2026-11-25', impressions: 0, clicks: 0, ctr: 0 },
  ],
  totals: { impressions: 1200, clicks: 30, ctr: 0.025 },
};

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  calls = fakeAdminApi((call) => {
    if (call.path.endsWith('/stats')) return apiResponse(adminSlideStatsResponseSchema, STATS);
    if (call.path.endsWith('/timeline'))
      return apiResponse(auditListResponseSchema, { entries: timeline, nextBefore: null });
    if (call.method === 'DELETE')
      return apiResponse(successMessageResponseSchema, { success: true, message: 'Deleted' });
    return apiResponse(adminSlideResponseSchema, { slide });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EditPage = () => <SlideEditorPage id={slide._id} />;

describe('slide form', () => {
  it('shows the schema’s messages and sends nothing while the form is wrong', async () => {
    renderInSession(NewSlidePage, makeStaff('catalogue'));
    fireEvent.change(screen.getByLabelText('Button link'), { target: { value: '//elsewhere.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await flush();
    const titleMessage = adminSlideCreateBodySchema.safeParse({ title: '' }).error?.issues[0]?.message;
    expect(screen.getByText(titleMessage!)).toBeTruthy();
    expect(screen.getByText(ADMIN_SLIDE_MESSAGES.ctaLink)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says when the window ends before it starts', async () => {
    renderInSession(NewSlidePage, makeStaff('catalogue'));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Diwali drop' } });
    fireEvent.change(screen.getByLabelText('Shows from'), { target: { value: '2026-12-10T10:00' } });
    fireEvent.change(screen.getByLabelText('Shows until'), { target: { value: '2026-12-01T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await flush();
    expect(screen.getByText(ADMIN_SLIDE_MESSAGES.window)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('creates a slide with ISO times from the datetime-local inputs', async () => {
    renderInSession(NewSlidePage, makeStaff('catalogue'));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Diwali drop' } });
    fireEvent.change(screen.getByLabelText('Shows from'), { target: { value: '2026-12-01T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/slides',
        body: expect.objectContaining({
          title: 'Diwali drop',
          startsAt: new Date('2026-12-01T10:00').toISOString(),
          endsAt: null,
        }),
      }),
    );
  });
});

describe('slide page', () => {
  it('shows the last days’ counts as a table', async () => {
    renderInSession(EditPage, makeStaff('catalogue'));
    const table = within(await screen.findByRole('region', { name: 'Daily counts' }));
    const rows = table
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['24 Nov1,200302.50%', '25 Nov000.00%', 'Total1,200302.50%']);
  });

  it('lists its own changes, and loads them again after a save', async () => {
    timeline = [makeAuditEntry(7)];
    renderInSession(EditPage, makeStaff('catalogue'));
    const list = await screen.findByRole('list', { name: 'Changes to this slide' });
    expect(calls.filter((c) => c.path.endsWith('/timeline')).map((c) => c.path)).toEqual([
      `/slides/${slide._id}/timeline`,
    ]);
    expect(list.textContent).toContain('slide.update');
    expect(list.textContent).toMatch(/title: Slide 0\s*→\s*changed to\s*Slide 1/);
    timeline = [
      makeAuditEntry(8, { before: { subtitle: 'New drop' }, after: { subtitle: 'Old drop' } }),
      ...timeline,
    ];
    fireEvent.change(screen.getByLabelText('Subtitle'), { target: { value: 'Old drop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Changes to this slide' }).children).toHaveLength(2),
    );
    expect(calls.filter((c) => c.path.endsWith('/timeline'))).toHaveLength(2);
  });

  it('says so when it has no changes yet', async () => {
    timeline = [];
    renderInSession(EditPage, makeStaff('catalogue'));
    expect(await screen.findByText('No changes recorded yet.')).toBeTruthy();
  });

  it('asks before deleting, then deletes', async () => {
    renderInSession(EditPage, makeStaff('catalogue'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete slide' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/slides/${slide._id}`]);
  });
});
