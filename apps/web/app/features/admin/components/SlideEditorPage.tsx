// /admin/slides/new (slides:write) and /admin/slides/:id (slides:read; changes need slides:write): a slide's form
// with its preview, its daily counts, its timeline, and deleting it, which is final (docs/admin.md#hero-slides).
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import type { AdminSlide } from '@rangrez/contract/schemas/admin-slides';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type AdminApi, errorText } from '../api';
import { useAdminSession } from '../session';
import { EMPTY_SLIDE_FORM, formFromSlide } from '../slide-form';
import { useAdminData } from '../use-admin-data';
import { RequirePermission } from './RequirePermission';
import { SlideForm } from './SlideForm';
import { SlideStats } from './SlideStats';
import { StatusBadge, windowText } from './SlideStatus';
import { Timeline } from './Timeline';
import { AdminLoading, Notice, PageHeading, secondaryButtonClass } from './ui';

const backLink = (
  <Link to="/admin/slides" className="text-sm font-semibold underline">
    Back to slides
  </Link>
);

export function NewSlidePage() {
  return (
    <RequirePermission permission="slides:write">
      <NewSlide />
    </RequirePermission>
  );
}

function NewSlide() {
  const { api } = useAdminSession();
  const navigate = useNavigate();
  return (
    <>
      <PageHeading title="New slide">It joins the end of the order, off until you switch it on.</PageHeading>
      <SlideForm
        label="New slide"
        initial={EMPTY_SLIDE_FORM}
        images={{ desktop: null, mobile: null }}
        canWrite
        onSave={async (body) => {
          const { slide } = await api.createSlide(body);
          await navigate(`/admin/slides/${slide._id}`);
          return null;
        }}
      />
      <div className="mt-6">{backLink}</div>
    </>
  );
}

export function SlideEditorPage({ id }: { id: string }) {
  return (
    <RequirePermission permission="slides:read">
      <SlideEditor id={id} />
    </RequirePermission>
  );
}

function SlideEditor({ id }: { id: string }) {
  const { staff, api } = useAdminSession();
  const canWrite = roleCan(staff.role, 'slides:write');
  const load = useCallback((client: AdminApi) => client.slide(id).then((answer) => answer.slide), [id]);
  const { data: loaded, error } = useAdminData(load);
  const loadTimeline = useCallback(
    (client: AdminApi) => client.slideTimeline(id).then((answer) => answer.entries),
    [id],
  );
  const timeline = useAdminData(loadTimeline);
  const [saved, setSaved] = useState<AdminSlide | null>(null);
  const slide = saved ?? loaded;
  if (error) return <Notice notice={{ kind: 'error', text: error }} />;
  if (!slide) return <AdminLoading label="Loading the slide" />;
  return (
    <>
      <PageHeading title={slide.title} />
      <p className="-mt-4 mb-6 flex flex-wrap items-center gap-2 text-sm text-neutral-600">
        <StatusBadge status={slide.status} />
        {windowText(slide)}
      </p>
      <SlideForm
        label="Slide"
        initial={formFromSlide(slide)}
        images={{ desktop: slide.desktop, mobile: slide.mobile }}
        canWrite={canWrite}
        onSave={async (body) => {
          const answer = await api.updateSlide(id, body);
          setSaved(answer.slide);
          timeline.reload();
          return 'Saved: the home page shows it now.';
        }}
      />
      <SlideStats id={id} />
      <div className="mt-8">
        <Timeline entries={timeline.data} error={timeline.error} label="Changes to this slide" />
      </div>
      {canWrite ? <DeleteSlide slide={slide} /> : null}
      <div className="mt-6">{backLink}</div>
    </>
  );
}

function DeleteSlide({ slide }: { slide: AdminSlide }) {
  const { api } = useAdminSession();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function remove() {
    try {
      await api.deleteSlide(slide._id);
      await navigate('/admin/slides');
    } catch (e) {
      setError(errorText(e));
    }
  }
  return (
    <section aria-label="Delete" className="mt-8 flex flex-col gap-3 rounded-xl border border-red-200 p-4">
      {asking ? (
        <>
          <p role="alert" className="text-sm">
            Delete “{slide.title}” and its counts for good? This cannot be undone.
          </p>
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => void remove()}
              className={`${secondaryButtonClass} text-red-800`}
            >
              Yes, delete it
            </button>
            <button type="button" onClick={() => setAsking(false)} className={secondaryButtonClass}>
              Keep it
            </button>
          </div>
        </>
      ) : (
        <button
          type="button"
          onClick={() => setAsking(true)}
          className={`${secondaryButtonClass} self-start text-red-800`}
        >
          Delete slide
        </button>
      )}
      <Notice notice={error ? { kind: 'error', text: error } : null} />
    </section>
  );
}
