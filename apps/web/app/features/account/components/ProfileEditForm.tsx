// The profile's edit form: presentational; useProfileEditor holds its state.
import type { FormEvent, RefObject } from 'react';
import { CHECKOUT_MESSAGES } from '@rangrez/contract/rules/checkout-messages';
import { STATES_AND_UTS } from '@rangrez/contract/rules/states';
import type { User } from '@rangrez/contract/schemas';
import { type ProfileErrors, type ProfileField, type ProfileForm, tidyPhone } from '../profile-form';
import { FormField, inputClass } from './FormField';

const LABELS: Record<ProfileField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  avatar: 'Avatar URL',
  phone: 'Phone',
  country: 'Country',
  state: 'State',
  city: 'City',
  street: 'Street',
  pincode: 'Pincode',
  doorNo: 'Door No.',
};
export const id = (field: ProfileField) => `profile-${field}`;

export interface ProfileEditFormProps {
  user: User;
  form: ProfileForm;
  errors: ProfileErrors;
  saving: boolean;
  success: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  change: (field: ProfileField, value: string) => void;
  cancel: () => void;
}

export function ProfileEditForm({
  user,
  form,
  errors,
  saving,
  success,
  formRef,
  onSubmit,
  change,
  cancel,
}: ProfileEditFormProps) {
  const fieldProps = (field: ProfileField) => ({
    id: id(field),
    name: field,
    label: LABELS[field],
    value: form[field],
    error: errors[field],
    disabled: saving || success,
    onChange: (e: { target: { value: string } }) => change(field, e.target.value),
  });
  const stateOptions =
    form.state && !STATES_AND_UTS.includes(form.state as never)
      ? [form.state, ...STATES_AND_UTS]
      : STATES_AND_UTS;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-label="Edit profile"
      className="mt-6 flex flex-col gap-6"
    >
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-lg font-bold">Personal details</legend>
        <FormField {...fieldProps('firstName')} autoComplete="given-name" />
        <FormField {...fieldProps('lastName')} autoComplete="family-name" />
        <FormField
          id="profile-email"
          label="Email"
          value={user.email}
          readOnly
          aria-readonly="true"
          className="sm:col-span-2"
        />
        <FormField
          {...fieldProps('phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          onBlur={() => change('phone', tidyPhone(form.phone))}
        />
        <FormField {...fieldProps('avatar')} type="url" inputMode="url" placeholder="https://" />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-lg font-bold">Address</legend>
        <FormField {...fieldProps('doorNo')} />
        <FormField {...fieldProps('street')} autoComplete="address-line1" />
        <FormField {...fieldProps('city')} autoComplete="address-level2" />
        <div>
          <label htmlFor={id('state')} className="block text-sm font-semibold">
            {LABELS.state}
          </label>
          <select
            id={id('state')}
            name="state"
            value={form.state}
            disabled={saving || success}
            onChange={(e) => change('state', e.target.value)}
            className={inputClass}
          >
            <option value="">{CHECKOUT_MESSAGES.statePlaceholder}</option>
            {stateOptions.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        </div>
        <FormField {...fieldProps('pincode')} inputMode="numeric" autoComplete="postal-code" />
        <FormField {...fieldProps('country')} autoComplete="country-name" />
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={saving || success}
          aria-busy={saving || undefined}
          className="h-12 rounded-lg bg-black px-6 font-bold text-white hover:bg-neutral-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          Save Changes
        </button>
        <button
          type="button"
          onClick={cancel}
          disabled={saving}
          className="h-12 rounded-lg border border-black/20 px-6 font-semibold hover:bg-black/5 disabled:opacity-60"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
