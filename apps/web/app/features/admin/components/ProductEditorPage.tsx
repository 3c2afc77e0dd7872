// /admin/products/new (products:write) and /admin/products/:id (products:read; changes need products:write): the
// product's form, its variants grid, its images per colour and its timeline. Without products:write the page is
// read-only.
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import type { AdminProduct, AdminProductCreateBody } from '@rangrez/contract/schemas/admin-catalogue';
import { Link, useNavigate } from 'react-router';
import { STATUS_TONE, productStatus } from '../product-display';
import { formFromProduct } from '../product-form';
import { useAdminSession } from '../session';
import { useAdminData } from '../use-admin-data';
import { type ProductPageState, loadCategories, useProductEditor } from '../use-product-editor';
import { EditProductForm, NewProductForm } from './ProductForm';
import { ProductImages } from './ProductImages';
import { RequirePermission } from './RequirePermission';
import { Timeline } from './Timeline';
import { VariantsGrid } from './VariantsGrid';
import { AdminLoading, Notice, PageHeading, secondaryButtonClass } from './ui';

function BackToProducts() {
  return (
    <Link
      to="/admin/products"
      className="mb-4 inline-block text-sm font-semibold underline underline-offset-2"
    >
      ← All products
    </Link>
  );
}

export function NewProductPage() {
  return (
    <RequirePermission permission="products:write">
      <NewProduct />
    </RequirePermission>
  );
}

function NewProduct() {
  const { api } = useAdminSession();
  const navigate = useNavigate();
  const categories = useAdminData(loadCategories);
  async function create(body: AdminProductCreateBody) {
    const { product } = await api.createProduct(body);
    const state: ProductPageState = {
      notice: 'Product created. Set its stock in each colour and size below.',
    };
    await navigate(`/admin/products/${product._id}`, { state });
  }
  return (
    <>
      <BackToProducts />
      <PageHeading title="New product">Saved as a draft unless you tick Published.</PageHeading>
      {categories.error ? <Notice notice={{ kind: 'error', text: categories.error }} /> : null}
      {/* The form waits for the category list: a select whose options change under it loses its value. */}
      {categories.data || categories.error ? (
        <NewProductForm categories={{ groups: categories.data }} onCreate={create} />
      ) : (
        <AdminLoading label="Loading the categories" />
      )}
    </>
  );
}

export function ProductEditorPage({ id }: { id: string }) {
  return (
    <RequirePermission permission="products:read">
      <ProductEditor id={id} />
    </RequirePermission>
  );
}

function ProductEditor({ id }: { id: string }) {
  const { staff } = useAdminSession();
  const editor = useProductEditor(id);
  const canWrite = roleCan(staff.role, 'products:write');
  if (!editor.data || !editor.categoriesSettled) {
    return editor.error ? (
      <>
        <BackToProducts />
        <Notice notice={{ kind: 'error', text: editor.error }} />
      </>
    ) : (
      <AdminLoading label="Loading the product" />
    );
  }
  const { product, timeline } = editor.data;
  const initial = formFromProduct(product);
  const status = productStatus(product);
  return (
    <>
      <BackToProducts />
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-words">{product.name}</h1>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}>
          {status}
        </span>
        {product.published ? (
          <a href={`/product/${product._id}`} target="_blank" rel="noopener" className="text-sm underline">
            View in the shop<span className="sr-only"> (opens a new tab)</span>
          </a>
        ) : null}
      </div>
      <div className="flex flex-col gap-6">
        {/* Keyed by what each part shows: saving one part reloads the product without wiping the other's edits. */}
        <EditProductForm
          key={JSON.stringify(initial)}
          initial={initial}
          categories={{ groups: editor.categories, current: currentCategory(product) }}
          archived={product.archived}
          readOnly={!canWrite}
          notice={editor.notice}
          onSave={editor.save}
          actions={<ProductActions product={product} busy={editor.busy} editor={editor} />}
        />
        <VariantsGrid
          key={JSON.stringify(product.variants)}
          product={product}
          canWrite={canWrite}
          onSaved={editor.variantsSaved}
        />
        <ProductImages
          key={JSON.stringify([product.colors, product.images])}
          product={product}
          canWrite={canWrite}
          onSaved={editor.imagesSaved}
        />
        <Timeline entries={timeline} label="Changes to this product" />
      </div>
    </>
  );
}

const currentCategory = (p: AdminProduct) => ({
  id: p.categoryId,
  name: p.category.name,
  group: p.category.parentCategory,
});

function ProductActions({
  product,
  busy,
  editor,
}: {
  product: AdminProduct;
  busy: boolean;
  editor: ReturnType<typeof useProductEditor>;
}) {
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={() => void editor.duplicate()}
        className={secondaryButtonClass}
      >
        Duplicate
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={() => void editor.setArchived(product, !product.archived)}
        className={secondaryButtonClass}
      >
        {product.archived ? 'Restore' : 'Archive'}
      </button>
    </>
  );
}
