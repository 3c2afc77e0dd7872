// The slides in display order. With slides:write they are reordered by dragging a row's handle (pointer, or the
// keyboard: Space picks it up, the arrows move it, Space drops it, through dnd-kit's keyboard sensor), or by the
// row's Up and Down buttons; each move saves the whole order.
import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { AdminSlide } from '@rangrez/contract/schemas/admin-slides';
import { Link } from 'react-router';
import { StatusBadge, windowText } from './SlideStatus';
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
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: slide._id, disabled: !canWrite });
  const image = slide.mobile ?? slide.desktop;
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
      }}
      className={`flex flex-wrap items-center gap-3 rounded-xl border border-black/10 bg-white p-3 ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
    >
      {canWrite ? (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag “${slide.title}” to reorder`}
          className={`${smallButton} cursor-grab touch-none`}
        >
          <span aria-hidden="true">⠿</span>
        </button>
      ) : null}
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
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = slides.map((s) => s._id);
  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  }
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
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
      </SortableContext>
    </DndContext>
  );
}
