// /admin/categories (products:read; changes need categories:write): the menu's groups with their sub-categories,
// each moved up or down, edited in place (name, description, group, thumbnail) or deleted while empty; a form for
// a new one; and the size chart of each garment type.
import { zodResolver } from '@hookform/resolvers/zod';
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import { type AdminCategory, adminCategoryCreateBodySchema } from '@rangrez/contract/schemas/admin-settings';
import { useForm } from 'react-hook-form';
import { errorText } from '../api';
import { useAdminSession } from '../session';
import { type CategoriesState, type CategoryGroup, useCategories } from '../use-categories';
import { CategoryItem } from './CategoryItem';
import { RequirePermission } from './RequirePermission';
import { SizeCharts } from './SizeCharts';
import { AdminLoading, Notice, PageHeading, SelectField, TextField, buttonClass } from './ui';

export function CategoriesPage() {
  return (
    <RequirePermission permission="products:read">
      <Categories />
    </RequirePermission>
  );
}

function Categories() {
  const { staff } = useAdminSession();
  const canWrite = roleCan(staff.role, 'categories:write');
  const state = useCategories();
  const { groups, error, loading, reload } = state;
  return (
    <>
      <PageHeading title="Categories">
        The collections menu: its groups in order, each with its sub-categories. A category with products
        stays.
      </PageHeading>
      <div className="flex flex-col gap-6">
        {canWrite && groups ? (
          <NewCategoryForm groups={groups.map((g) => g.group)} onCreated={reload} />
        ) : null}
        <Notice notice={state.notice} />
        {error ? <Notice notice={{ kind: 'error', text: error }} /> : null}
        {groups ? (
          <CategoryList groups={groups} canWrite={canWrite} state={state} />
        ) : loading ? (
          <AdminLoading label="Loading the categories" />
        ) : null}
        <SizeCharts canWrite={canWrite} />
      </div>
    </>
  );
}

/** The menu as it reads: each group, then its sub-categories, each list in its own order. */
function CategoryList({
  groups,
  canWrite,
  state,
}: {
  groups: CategoryGroup[];
  canWrite: boolean;
  state: CategoriesState;
}) {
  const groupRows = groups.map((g) => g.group);
  return (
    <section aria-labelledby="menu-heading">
      <h2 id="menu-heading" className="mb-3 text-lg font-semibold">
        Groups and sub-categories
      </h2>
      <ol aria-label="Groups in menu order" className="flex flex-col gap-4">
        {groups.map(({ group, subs }, i) => (
          <li key={group._id} className="rounded-xl border border-black/10 bg-white">
            <CategoryItem
              category={group}
              index={i}
              count={groups.length}
              groups={groupRows}
              canWrite={canWrite}
              state={state}
            />
            {subs.length > 0 ? (
              <ol
                aria-label={`Sub-categories of ${group.name}`}
                className="divide-y divide-black/10 border-t border-black/10 pl-4 sm:pl-10"
              >
                {subs.map((sub, j) => (
                  <li key={sub._id}>
                    <CategoryItem
                      category={sub}
                      index={j}
                      count={subs.length}
                      groups={groupRows}
                      canWrite={canWrite}
                      state={state}
                    />
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function NewCategoryForm({ groups, onCreated }: { groups: AdminCategory[]; onCreated: () => void }) {
  const { api } = useAdminSession();
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(adminCategoryCreateBodySchema),
    defaultValues: { name: '', description: '', parentId: null as string | null },
  });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async (body) => {
    try {
      await api.createCategory(body);
      reset();
      onCreated();
    } catch (failure) {
      setError('root.server', { message: errorText(failure) });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="rounded-xl border border-black/10 bg-white p-4 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold">New category</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField id="category-name" label="Name" error={errors.name?.message} {...register('name')} />
        <TextField
          id="category-description"
          label="Description"
          error={errors.description?.message}
          {...register('description')}
        />
        <SelectField
          id="category-parent"
          label="Group"
          error={errors.parentId?.message}
          {...register('parentId', { setValueAs: (v: string) => (v === '' ? null : v) })}
        >
          <option value="">None: a new group</option>
          {groups.map((g) => (
            <option key={g._id} value={g._id}>
              {g.name}
            </option>
          ))}
        </SelectField>
      </div>
      {errors.root?.server?.message ? (
        <div className="mt-4">
          <Notice notice={{ kind: 'error', text: errors.root.server.message }} />
        </div>
      ) : null}
      <button type="submit" disabled={isSubmitting} className={`${buttonClass} mt-4`}>
        Add category
      </button>
    </form>
  );
}
