// A category's own fields, edited in place: its name (the slug follows it), description, group (a sub-category may
// move to another; a group stays a group) and thumbnail, uploaded at once and saved with the rest. The fields are
// checked with the API's own schema, and only what changed is sent (docs/admin.md#categories-size-charts-and-settings).
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_SETTINGS_MESSAGES,
  type AdminCategory,
  type AdminCategoryPatchBody,
  adminCategoryCreateBodySchema,
} from '@rangrez/contract/schemas/admin-settings';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorText } from '../api';
import { useAdminSession } from '../session';
import { ImageField } from './ImageField';
import { Notice, SelectField, TextField, buttonClass, secondaryButtonClass } from './ui';

const editSchema = adminCategoryCreateBodySchema.pick({ name: true, description: true, parentId: true });

interface Thumbnail {
  id: string | null;
  url: string | null;
}

/** The PATCH body: each field whose value differs from the category's. */
function changedFields(
  category: AdminCategory,
  next: { name: string; description: string; parentId: string | null; thumbnailMediaId: string | null },
): AdminCategoryPatchBody {
  const body: AdminCategoryPatchBody = {};
  if (next.name !== category.name) body.name = next.name;
  if (next.description !== category.description) body.description = next.description;
  if (next.parentId !== category.parentId) body.parentId = next.parentId;
  if (next.thumbnailMediaId !== category.thumbnailMediaId) body.thumbnailMediaId = next.thumbnailMediaId;
  return body;
}

export function CategoryEditForm({
  category,
  groups,
  onSaved,
  onCancel,
}: {
  category: AdminCategory;
  /** Where a sub-category may move; unused for a group. */
  groups: readonly AdminCategory[];
  onSaved: (text: string) => void;
  onCancel: () => void;
}) {
  const { api } = useAdminSession();
  const [thumbnail, setThumbnail] = useState<Thumbnail>({
    id: category.thumbnailMediaId,
    url: category.thumbnail,
  });
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(editSchema),
    defaultValues: { name: category.name, description: category.description, parentId: category.parentId },
  });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async (values) => {
    const body = changedFields(category, { ...values, thumbnailMediaId: thumbnail.id });
    if (Object.keys(body).length === 0) {
      setError('root.server', { message: ADMIN_SETTINGS_MESSAGES.nothingToChange });
      return;
    }
    try {
      const answer = await api.updateCategory(category._id, body);
      onSaved(`${answer.category.name} saved.`);
    } catch (failure) {
      setError('root.server', { message: errorText(failure) });
    }
  });
  const id = (field: string) => `category-${category._id}-${field}`;
  return (
    <form
      noValidate
      aria-label={`Edit ${category.name}`}
      onSubmit={onSubmit}
      className="flex flex-col gap-4 border-t border-black/10 bg-neutral-50 p-3 sm:p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={id('name')} label="Name" error={errors.name?.message} {...register('name')} />
        <TextField
          id={id('description')}
          label="Description"
          error={errors.description?.message}
          {...register('description')}
        />
        {category.parentId ? (
          <SelectField
            id={id('group')}
            label="Group"
            error={errors.parentId?.message}
            {...register('parentId')}
          >
            {groups.map((g) => (
              <option key={g._id} value={g._id}>
                {g.name}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
      <ImageField
        id={id('thumbnail')}
        label="Thumbnail"
        url={thumbnail.url}
        disabled={isSubmitting}
        onChange={(media) =>
          setThumbnail(media ? { id: media._id, url: media.url } : { id: null, url: null })
        }
      />
      {errors.root?.server?.message ? (
        <Notice notice={{ kind: 'error', text: errors.root.server.message }} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={isSubmitting} className={buttonClass}>
          Save<span className="sr-only"> {category.name}</span>
        </button>
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          Cancel
        </button>
      </div>
    </form>
  );
}
