// /admin/categories (products:read; changes need categories:write): the menu's groups with their sub-categories,
// a form for a new one, and the size chart of each garment type.
import { zodResolver } from '@hookform/resolvers/zod';
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import { type AdminCategory, adminCategoryCreateBodySchema } from '@rangrez/contract/schemas/admin-settings';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type AdminApi, errorText } from '../api';
import { useAdminSession } from '../session';
import { useAdminData } from '../use-admin-data';
import { RequirePermission } from './RequirePermission';
import { SizeCharts } from './SizeCharts';
import {
  AdminLoading,
  Notice,
  type NoticeState,
  PageHeading,
  SelectField,
  TextField,
  buttonClass,
  secondaryButtonClass,
} from './ui';

const loadCategories = (api: AdminApi) => api.categories().then((answer) => answer.categories);

export function CategoriesPage() {
  return (
    <RequirePermission permission="products:read">
      <Categories />
    </RequirePermission>
  );
}

function Categories() {
  const { api, staff } = useAdminSession();
  const canWrite = roleCan(staff.role, 'categories:write');
  const { data, error, loading, reload } = useAdminData(loadCategories);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const remove = async (category: AdminCategory) => {
    setNotice(null);
    try {
      await api.deleteCategory(category._id);
      setNotice({ kind: 'success', text: `${category.name} deleted.` });
      reload();
    } catch (failure) {
      setNotice({ kind: 'error', text: errorText(failure) });
    }
  };
  return (
    <>
      <PageHeading title="Categories">
        The collections menu: its groups in order, each with its sub-categories. A category with products
        stays.
      </PageHeading>
      <div className="flex flex-col gap-6">
        {canWrite && data ? (
          <NewCategoryForm groups={data.filter((c) => !c.parentId)} onCreated={reload} />
        ) : null}
        <Notice notice={notice} />
        {error ? <Notice notice={{ kind: 'error', text: error }} /> : null}
        {data ? (
          <CategoryTable categories={data} canWrite={canWrite} onDelete={(c) => void remove(c)} />
        ) : loading ? (
          <AdminLoading label="Loading the categories" />
        ) : null}
        <SizeCharts canWrite={canWrite} />
      </div>
    </>
  );
}

function CategoryTable({
  categories,
  canWrite,
  onDelete,
}: {
  categories: AdminCategory[];
  canWrite: boolean;
  onDelete: (category: AdminCategory) => void;
}) {
  return (
    <table className="w-full border-collapse rounded-xl bg-white text-left text-sm">
      <caption className="sr-only">Categories</caption>
      <thead>
        <tr className="border-b border-black/10">
          <th scope="col" className="p-2">
            Name
          </th>
          <th scope="col" className="p-2">
            Slug
          </th>
          <th scope="col" className="p-2">
            Products
          </th>
          {canWrite ? (
            <th scope="col" className="p-2">
              Actions
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {categories.map((c) => (
          <tr key={c._id} className="border-b border-black/5">
            <th scope="row" className={`p-2 ${c.parentId ? 'pl-8 font-normal' : 'font-semibold'}`}>
              {c.name}
            </th>
            <td className="p-2">{c.slug}</td>
            <td className="p-2">{c.productCount}</td>
            {canWrite ? (
              <td className="p-2">
                {c.productCount === 0 ? (
                  <button type="button" className={secondaryButtonClass} onClick={() => onDelete(c)}>
                    Delete<span className="sr-only">{` ${c.name}`}</span>
                  </button>
                ) : null}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
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
