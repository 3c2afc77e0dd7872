// The product forms (docs/admin.md#products): a new product (POST, with its colours and sizes) and an existing one
// (PATCH with only the fields that changed). react-hook-form checks the body with the contract's own schema, so a
// field's message is the API's; the server's refusals (a SKU or slug taken, an archived product published) are
// shown by the buttons, announced.
import { SIZES } from '@rangrez/contract/rules/size-chart';
import type {
  AdminProductCreateBody,
  AdminProductPatchBody,
} from '@rangrez/contract/schemas/admin-catalogue';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorText } from '../api';
import {
  EMPTY_PRODUCT_FORM,
  type ProductFormValues,
  createResolver,
  nothingToChange,
  patchResolver,
} from '../product-form';
import { newColour } from '../variant-grid';
import { type CategoryChoice, ProductBasics, ProductTexts, fieldMessage } from './ProductFields';
import { ColourAdder, ColourList, SizeTicks } from './VariantAxes';
import { Notice, type NoticeState, buttonClass } from './ui';

const frame = 'rounded-xl border border-black/10 bg-white p-4 sm:p-6';

function FormFooter({
  notice,
  busy,
  children,
}: {
  notice: NoticeState | null;
  busy: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <Notice notice={notice} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClass}>
          Save
        </button>
        {children}
      </div>
    </div>
  );
}

export function NewProductForm({
  categories,
  onCreate,
}: {
  categories: CategoryChoice;
  onCreate: (body: AdminProductCreateBody) => Promise<void>;
}) {
  const form = useForm<ProductFormValues, unknown, AdminProductCreateBody>({
    resolver: createResolver,
    defaultValues: EMPTY_PRODUCT_FORM,
  });
  const { register, handleSubmit, setError, setValue, control, formState } = form;
  const { errors, isSubmitting, isSubmitted } = formState;
  const colors = useWatch({ control, name: 'colors' });
  const sizes = useWatch({ control, name: 'sizes' });
  const setAxis = (name: 'colors' | 'sizes', value: string[]) =>
    setValue(name, value, { shouldValidate: isSubmitted, shouldDirty: true });
  const onSubmit = handleSubmit(async (body) => {
    try {
      await onCreate(body);
    } catch (error) {
      setError('root.server', { message: errorText(error) });
    }
  });
  const serverError = errors.root?.server?.message;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="New product" className="flex flex-col gap-6">
      <div className={frame}>
        <ProductBasics
          register={register}
          errors={errors}
          categories={categories}
          archived={false}
          control={control}
        />
      </div>
      <fieldset className={frame}>
        <legend className="px-1 text-lg font-semibold">Colours and sizes</legend>
        <p className="mb-4 text-sm text-neutral-700">
          Each colour in each size becomes a variant with no stock: set the stock once the product is saved.
        </p>
        <div className="flex flex-col gap-4">
          <ColourAdder
            onAdd={(input) => {
              const found = newColour(colors, input);
              if ('error' in found) return found.error;
              setAxis('colors', [...colors, found.code]);
              return null;
            }}
          />
          <ColourList
            colors={colors}
            onRemove={(code) =>
              setAxis(
                'colors',
                colors.filter((c) => c !== code),
              )
            }
          />
          {fieldMessage(errors.colors) ? (
            <p role="alert" className="text-sm text-red-700">
              {fieldMessage(errors.colors)}
            </p>
          ) : null}
          <SizeTicks
            sizes={sizes}
            error={fieldMessage(errors.sizes)}
            onToggle={(size) =>
              setAxis(
                'sizes',
                SIZES.filter((s) => (s === size ? !sizes.includes(s) : sizes.includes(s))),
              )
            }
          />
        </div>
      </fieldset>
      <div className={frame}>
        <ProductTexts register={register} errors={errors} />
      </div>
      <FormFooter notice={serverError ? { kind: 'error', text: serverError } : null} busy={isSubmitting} />
    </form>
  );
}

export function EditProductForm({
  initial,
  categories,
  archived,
  readOnly,
  notice,
  onSave,
  actions,
}: {
  initial: ProductFormValues;
  categories: CategoryChoice;
  archived: boolean;
  readOnly: boolean;
  /** The page's last outcome (saved, duplicated, archived, or why not), shown by the buttons. */
  notice: NoticeState | null;
  onSave: (body: AdminProductPatchBody) => Promise<void>;
  /** The product's other actions (Duplicate, Archive or Restore), beside Save. */
  actions?: ReactNode;
}) {
  const { register, handleSubmit, setError, control, formState } = useForm<
    ProductFormValues,
    unknown,
    AdminProductPatchBody
  >({
    resolver: patchResolver(initial),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async (body) => {
    if (Object.keys(body).length === 0) {
      setError('root.server', { message: nothingToChange() });
      return;
    }
    try {
      await onSave(body);
    } catch (error) {
      setError('root.server', { message: errorText(error) });
    }
  });
  const serverError = errors.root?.server?.message;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Product" className="flex flex-col gap-6">
      {/* Without products:write the form is read-only: every field disabled, no buttons. */}
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-6">
        <div className={frame}>
          <ProductBasics
            register={register}
            errors={errors}
            categories={categories}
            archived={archived}
            control={control}
          />
        </div>
        <div className={frame}>
          <ProductTexts register={register} errors={errors} />
        </div>
      </fieldset>
      {readOnly ? (
        <Notice notice={notice} />
      ) : (
        <FormFooter notice={serverError ? { kind: 'error', text: serverError } : notice} busy={isSubmitting}>
          {actions}
        </FormFooter>
      )}
    </form>
  );
}
