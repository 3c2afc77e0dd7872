// /admin/slides (slides:read; changes need slides:write): the home page's hero slides in display order, with where
// each stands now and its window (docs/admin.md#hero-slides).
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import { Link } from 'react-router';
import { useAdminSession } from '../session';
import { useSlides } from '../use-slides';
import { RequirePermission } from './RequirePermission';
import { SlideList } from './SlideList';
import { Notice, PageHeading, buttonClass } from './ui';

export function SlidesPage() {
  return (
    <RequirePermission permission="slides:read">
      <Slides />
    </RequirePermission>
  );
}

function Slides() {
  const { staff } = useAdminSession();
  const canWrite = roleCan(staff.role, 'slides:write');
  const list = useSlides();
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeading title="Slides">
          The home page&apos;s slider, in this order. A slide shows while it is on and inside its window.
        </PageHeading>
        {canWrite ? (
          <Link to="/admin/slides/new" className={buttonClass}>
            New slide
          </Link>
        ) : null}
      </div>
      <div className="flex flex-col gap-4">
        {list.error ? <Notice notice={{ kind: 'error', text: list.error }} /> : null}
        <Notice notice={list.notice} />
        {list.loading ? (
          <p role="status">Loading slides…</p>
        ) : list.slides.length === 0 && !list.error ? (
          <p className="text-neutral-600">No slides yet: the home page shows its placeholder.</p>
        ) : (
          <div aria-busy={list.saving || undefined}>
            <SlideList
              slides={list.slides}
              canWrite={canWrite}
              onMove={(from, to) => void list.move(from, to)}
            />
          </div>
        )}
      </div>
    </>
  );
}
