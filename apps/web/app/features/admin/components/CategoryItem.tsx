// One group or sub-category in the categories list: its thumbnail, name, slug and product count and, with
// categories:write, moving it one place up or down among its siblings, editing it in place, and deleting it
// while it is empty. Focus stays on what the keyboard used: the move button after a move, Edit after the form.
import type { AdminCategory } from '@rangrez/contract/schemas/admin-settings';
import { useEffect, useRef, useState } from 'react';
import type { CategoriesState } from '../use-categories';
import { CategoryEditForm } from './CategoryEditForm';
import { secondaryButtonClass } from './ui';

const smallButton = `${secondaryButtonClass} min-w-11 px-2`;

interface Props {
  category: AdminCategory;
  /** Its place among its siblings, and how many they are. */
  index: number;
  count: number;
  /** Every group: where a sub-category may move. */
  groups: readonly AdminCategory[];
  canWrite: boolean;
  state: Pick<CategoriesState, 'busy' | 'move' | 'remove' | 'saved'>;
}

function Thumbnail({ url }: { url: string | null }) {
  // The name beside it says what it is: the picture itself is decorative here.
  return url ? (
    <img src={url} alt="" width={48} height={48} className="h-12 w-12 rounded object-cover" />
  ) : (
    <span className="flex h-12 w-12 items-center justify-center rounded bg-neutral-200 text-center text-xs leading-tight">
      No image
    </span>
  );
}

/** Moves keep focus on the button that was pressed, or on the other one once the item reaches an edge. */
function useMoveFocus(index: number) {
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const pressed = useRef<-1 | 1 | null>(null);
  useEffect(() => {
    if (pressed.current === null) return;
    const [first, other] = pressed.current < 0 ? [upRef, downRef] : [downRef, upRef];
    (first.current?.disabled ? other : first).current?.focus();
    pressed.current = null;
  }, [index]);
  const press = (step: -1 | 1) => {
    pressed.current = step;
  };
  return { upRef, downRef, press };
}

export function CategoryItem({ category, index, count, groups, canWrite, state }: Props) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const { upRef, downRef, press } = useMoveFocus(index);
  const close = () => {
    setEditing(false);
    // After the form has gone: the Edit button that opened it.
    queueMicrotask(() => editButton.current?.focus());
  };
  const { name } = category;
  const move = (step: -1 | 1) => {
    press(step);
    void state.move(category, step);
  };
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3 p-3">
        <Thumbnail url={category.thumbnail} />
        <div className="min-w-0 flex-1">
          <p className={`break-words ${category.parentId ? '' : 'font-semibold'}`}>{name}</p>
          <p className="text-sm break-all text-neutral-600">
            /{category.slug} · {category.productCount} {category.productCount === 1 ? 'product' : 'products'}
          </p>
        </div>
        {canWrite ? (
          <div className="flex flex-wrap gap-1">
            <button
              ref={upRef}
              type="button"
              disabled={state.busy || index === 0}
              onClick={() => move(-1)}
              aria-label={`Move ${name} up`}
              className={smallButton}
            >
              ↑
            </button>
            <button
              ref={downRef}
              type="button"
              disabled={state.busy || index === count - 1}
              onClick={() => move(1)}
              aria-label={`Move ${name} down`}
              className={smallButton}
            >
              ↓
            </button>
            <button
              ref={editButton}
              type="button"
              aria-expanded={editing}
              onClick={() => (editing ? close() : setEditing(true))}
              className={smallButton}
            >
              Edit<span className="sr-only"> {name}</span>
            </button>
            {category.productCount === 0 ? (
              <button
                type="button"
                disabled={state.busy}
                onClick={() => void state.remove(category)}
                className={smallButton}
              >
                Delete<span className="sr-only"> {name}</span>
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      {editing ? (
        <CategoryEditForm
          category={category}
          groups={groups}
          onCancel={close}
          onSaved={(text) => {
            close();
            state.saved(text);
          }}
        />
      ) : null}
    </div>
  );
}
