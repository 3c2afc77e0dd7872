// The product form's fields, shared by the new-product and edit forms: labelled, each with the message the
// contract's schema gives it (linked to the input and announced), in one column on a phone.
import { defaultHsnForType } from '@rangrez/contract/rules/gst';
import { formatINR } from '@rangrez/contract/rules/money';
import { type MrpRule, mrp, ruleSavePercent } from '@rangrez/contract/rules/pricing';
import { GARMENT_TYPES } from '@rangrez/contract/rules/size-chart';
import type { SubcategoriesData } from '@rangrez/contract/schemas/catalogue';
import {
  type Control,
  type FieldErrors,
  type FieldValues,
  type UseFormRegister,
  useController,
  useWatch,
} from 'react-hook-form';
import { priceBandWarning } from '../gst-band';
import type { ProductFormValues } from '../product-form';
import { CheckboxField, SelectField, TextAreaField, TextField } from './ui';

/** A field's message; a list's (details, tags) may sit on one of its entries. */
export function fieldMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const value of Object.values(error)) {
    if (value && typeof value === 'object' && value !== (error as { ref?: unknown }).ref) {
      const message = fieldMessage(value);
      if (message) return message;
    }
  }
  return undefined;
}

interface FieldsProps {
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}

function useField({ register, errors }: FieldsProps) {
  return (name: keyof ProductFormValues) => ({
    id: `product-${name}`,
    error: fieldMessage(errors[name]),
    ...register(name),
  });
}

export interface CategoryChoice {
  /** The current category, when the shop's list could not be loaded or no longer has it. */
  current?: { id: string; name: string; group: string | null };
  groups?: SubcategoriesData;
}

function CategoryOptions({ current, groups }: CategoryChoice) {
  const listed = Object.values(groups ?? {}).some((subs) => subs.some((s) => s.id === current?.id));
  return (
    <>
      <option value="">Choose a category</option>
      {current && !listed ? (
        <option value={current.id}>
          {current.group ? `${current.group} / ${current.name}` : current.name}
        </option>
      ) : null}
      {Object.entries(groups ?? {}).map(([group, subs]) => (
        <optgroup key={group} label={group}>
          {subs.map((sub) => (
            <option key={sub.id} value={sub.id}>
              {sub.name}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

/** The typed amount as whole rupees, or null while it is not one. */
function wholeRupees(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** What shoppers will see with the form's price and rule, or null while either is not a valid amount. */
function mrpPreview(values: Pick<ProductFormValues, 'price' | 'mrpRule' | 'mrpMarkup' | 'mrpFixed'>) {
  const price = wholeRupees(values.price);
  const amount = wholeRupees(values.mrpRule === 'fixed' ? values.mrpFixed : values.mrpMarkup);
  if (price === null) return null;
  if (values.mrpRule === 'none') return 'Shoppers see the price alone: no MRP, no saving.';
  if (amount === null || (values.mrpRule === 'fixed' && amount < price)) return null;
  const rule: MrpRule =
    values.mrpRule === 'fixed' ? { kind: 'fixed', mrp: amount } : { kind: 'markup', rupees: amount };
  const shown = mrp(price, rule);
  if (shown === price) return 'The MRP equals the price: shoppers see the price alone.';
  return `Shoppers see MRP ${formatINR(shown)} crossed out: save ${ruleSavePercent(price, rule)}%.`;
}

/** The MRP rule (docs/admin.md#products): its kind, then the amount that kind takes, with what shoppers will see. */
function MrpRuleFields<Body extends FieldValues>({
  control,
  ...props
}: FieldsProps & { control: Control<ProductFormValues, unknown, Body> }) {
  const field = useField(props);
  const kind = useController({ control, name: 'mrpRule' }).field;
  const [price, mrpMarkup, mrpFixed] = useWatch({ control, name: ['price', 'mrpMarkup', 'mrpFixed'] });
  const preview = mrpPreview({ price, mrpRule: kind.value, mrpMarkup, mrpFixed });
  return (
    <>
      <SelectField
        label="MRP rule"
        id="product-mrpRule"
        error={fieldMessage(props.errors.mrpRule)}
        hint={kind.value === 'none' ? preview : undefined}
        {...kind}
      >
        <option value="markup">Price plus a markup</option>
        <option value="fixed">A declared MRP</option>
        <option value="none">No MRP</option>
      </SelectField>
      {kind.value === 'markup' ? (
        <TextField
          label="Markup (₹ over the price)"
          inputMode="numeric"
          autoComplete="off"
          hint={preview}
          {...field('mrpMarkup')}
        />
      ) : null}
      {kind.value === 'fixed' ? (
        <TextField
          label="MRP (₹)"
          inputMode="numeric"
          autoComplete="off"
          hint={preview}
          {...field('mrpFixed')}
        />
      ) : null}
    </>
  );
}

/** The price, with a warning when it lands between the GST slabs (docs/gst.md#between-the-slabs). */
function PriceField<Body extends FieldValues>({
  control,
  ...props
}: FieldsProps & { control: Control<ProductFormValues, unknown, Body> }) {
  const field = useField(props);
  const price = wholeRupees(useWatch({ control, name: 'price' }));
  const warning = price === null ? null : priceBandWarning(price);
  return (
    <TextField
      label="Price (₹, whole rupees)"
      inputMode="numeric"
      autoComplete="off"
      hint={warning ? <span className="font-semibold text-amber-800">{warning}</span> : undefined}
      {...field('price')}
    />
  );
}

export function ProductBasics<Body extends FieldValues>({
  categories,
  archived,
  control,
  ...props
}: FieldsProps & {
  categories: CategoryChoice;
  archived: boolean;
  /** The form's control, whatever body its resolver makes. */
  control: Control<ProductFormValues, unknown, Body>;
}) {
  const field = useField(props);
  // The selects are controlled (react-hook-form holds the value, React renders it), so each shows its value
  // whenever its options arrive.
  const select = (name: 'categoryId' | 'productCategory', held: object) => ({
    id: `product-${name}`,
    error: fieldMessage(props.errors[name]),
    ...held,
  });
  const category = select('categoryId', useController({ control, name: 'categoryId' }).field);
  const garmentField = useController({ control, name: 'productCategory' }).field;
  const garment = select('productCategory', garmentField);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Name" autoComplete="off" {...field('name')} />
      <TextField
        label="Slug"
        autoComplete="off"
        spellCheck={false}
        hint="The product's address in the shop. Left empty, it is made from the name."
        {...field('slug')}
      />
      <TextField label="SKU" autoComplete="off" spellCheck={false} {...field('sku')} />
      <PriceField control={control} {...props} />
      <MrpRuleFields control={control} {...props} />
      <SelectField label="Category" {...category}>
        <CategoryOptions {...categories} />
      </SelectField>
      <SelectField label="Garment type" hint="Chooses the size chart shoppers see." {...garment}>
        <option value="">None</option>
        {GARMENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>
      <TextField
        label="HSN code"
        inputMode="numeric"
        autoComplete="off"
        placeholder={defaultHsnForType(String(garmentField.value ?? ''))}
        hint="Printed on invoices. Left empty, the garment type's code shown in grey applies."
        {...field('hsnCode')}
      />
      <CheckboxField
        label="Published"
        disabled={archived}
        hint={archived ? 'Restore the product before publishing it.' : 'Shown in the shop when ticked.'}
        {...field('published')}
      />
    </div>
  );
}

export function ProductTexts(props: FieldsProps) {
  const field = useField(props);
  return (
    <div className="grid gap-4">
      <TextAreaField label="Description" rows={5} {...field('description')} />
      <TextAreaField label="Details (one per line)" rows={5} {...field('details')} />
      <TextAreaField label="Additional information" rows={3} {...field('addInfo')} />
      <TextField label="Tags (separated by commas)" autoComplete="off" {...field('tags')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="SEO title"
          autoComplete="off"
          hint="At most 70 characters."
          {...field('seoTitle')}
        />
        <TextField
          label="SEO description"
          autoComplete="off"
          hint="At most 160 characters."
          {...field('seoDescription')}
        />
      </div>
    </div>
  );
}
