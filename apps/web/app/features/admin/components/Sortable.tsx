// Lists reordered by dragging a row's handle with @dnd-kit (the slides, a colour's images), by pointer or by
// keyboard: focus the handle, Space picks the row up, the arrow keys move it, Space drops it and Escape puts it
// back. What a screen reader hears names the rows as staff know them, never by their ids. Each list also keeps
// Up and Down buttons on its rows, the one-press way to move a row.
import {
  type Announcements,
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
import type { CSSProperties, ReactNode } from 'react';
import { secondaryButtonClass } from './ui';

function announcements(ids: readonly string[], name: (id: string) => string): Announcements {
  const place = (id: string | number) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${name(String(active.id))}, at ${place(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(String(active.id))} is over ${place(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${name(String(active.id))} dropped at ${place(over.id)}.` : undefined,
    onDragCancel: ({ active }) => `${name(String(active.id))} put back at ${place(active.id)}.`,
  };
}

/** `ids` in their order; `onMove` gets the dragged row's index and where it was dropped. */
export function SortableList({
  ids,
  name,
  onMove,
  children,
}: {
  ids: string[];
  /** A row as announcements name it: '“Monsoon Drop”', 'Black (Bk), image 2'. */
  name: (id: string) => string;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(ids, name) }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** A row of a SortableList: its node and style while it moves, and its handle's props. */
export function useSortableRow(id: string, disabled: boolean) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled });
  const style: CSSProperties = {
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
    transition,
  };
  return {
    setRowRef: setNodeRef,
    style,
    isDragging,
    handle: { ref: setActivatorNodeRef, ...attributes, ...listeners },
  };
}

export function DragHandle({
  label,
  handle,
}: {
  /** 'Drag “Monsoon Drop” to reorder'. */
  label: string;
  handle: ReturnType<typeof useSortableRow>['handle'];
}) {
  return (
    <button
      type="button"
      {...handle}
      aria-label={label}
      className={`${secondaryButtonClass} min-w-11 cursor-grab touch-none px-2`}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}
