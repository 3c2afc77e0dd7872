// The slides in display order. With slides:write they are reordered by dragging a row's handle (Sortable.tsx:
// pointer or keyboard), or by the row's Up and Down buttons; each move saves the whole order.
import type { AdminSlide } from '@rangrez/contract/schemas/admin-slides';
import { Link } from 'react-router';
import { StatusBadge, windowText } from './SlideStatus';
import { DragHandle, SortableList, useSortableRow } from './Sortable';
import { secondaryButtonClass } from './ui';

interface RowProps {
  slide: AdminSlide;
  index: number;
  count: number;
  canWrite: boolean;
  onMove: (from: number, to: number) => void;
}

const smallButton = `${secondaryButtonClass} min-w-11 px-2`;

function SlideRow({ slide, index, count, canWrite, onMove }: RowProps) {
  const { setRowRef, style, isDragging, handle } = useSortableRow(slide._id, !canWrite);
  const image = slide.mobile ?? slide.desktop;
  return (
    <li
      ref={setRowRef}
      style={style}
      className={`flex flex-wrap items-center gap-3 rounded-xl border border-black/10 bg-white p-3 ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
    >
      {canWrite ? <DragHandle label={`Drag “${slide.title}” to reorder`} handle={handle} /> : null}
      <span className="w-6 text-center text-sm tabular-nums text-neutral-600">{index + 1}</span>
      {image ? (
        <img src={image} alt="" className="h-14 w-24 rounded object-cover" loading="lazy" />
      ) : (
        <span className="flex h-14 w-24 items-center justify-center rounded bg-neutral-200 text-xs">
          No image
        </span>
      )}
      <div className="min-w-0 flex-1">
        <Link to={`/admin/slides/${slide._id}`} className="font-semibold underline">
          {slide.title}
        </Link>
        <p className="flex flex-wrap items-center gap-2 text-sm text-neutral-600">
          <StatusBadge status={slide.status} />
          {windowText(slide)}
        </p>
      </div>
      {canWrite ? (
        <div className="flex gap-1">
          <button
            type="button"
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
            aria-label={`Move “${slide.title}” up`}
            className={smallButton}
          >
            ↑
          </button>
          <button
            type="button"
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
            aria-label={`Move “${slide.title}” down`}
            className={smallButton}
          >
            ↓
          </button>
        </div>
      ) : null}
    </li>
  );
}

export function SlideList({
  slides,
  canWrite,
  onMove,
}: {
  slides: AdminSlide[];
  canWrite: boolean;
  onMove: (from: number, to: number) => void;
}) {
  const ids = slides.map((s) => s._id);
  const name = (id: string) => `“${slides.find((s) => s._id === id)?.title ?? ''}”`;
  return (
    <SortableList ids={ids} name={name} onMove={onMove}>
      <ol aria-label="Slides in display order" className="flex flex-col gap-2">
        {slides.map((slide, i) => (
          <SlideRow
            key={slide._id}
            slide={slide}
            index={i}
            count={slides.length}
            canWrite={canWrite}
            onMove={onMove}
          />
        ))}
      </ol>
    </SortableList>
  );
}
