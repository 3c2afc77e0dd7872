// /profile (docs/product/screens.md#profile-page, rules.md#profile, texts.md#profile).
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PROFILE_MESSAGES, profileErrorMessage } from '@rangrez/contract/rules/account-messages';
import { CHECKOUT_MESSAGES } from '@rangrez/contract/rules/checkout-messages';
import { PROFILE_SUCCESS_MS, SESSION_EXPIRED_LOGOUT_MS } from '@rangrez/contract/rules/constants';
import { NETWORK_MESSAGES } from '@rangrez/contract/rules/site-messages';
import { STATES_AND_UTS } from '@rangrez/contract/rules/states';
import type { User } from '@rangrez/contract/schemas';
import { ApiError } from '../../../lib/api';
import { accountApi } from '../api';
import {
  type ProfileErrors,
  type ProfileField,
  type ProfileForm,
  PROFILE_FIELDS,
  formFromUser,
  initials,
  profileChanges,
  validateProfile,
} from '../profile-form';
import { loginHref } from '../../../lib/return-to';
import { useSession } from '../session';
import { FormField, Spinner, inputClass } from './FormField';

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
const id = (field: ProfileField) => `profile-${field}`;

export function ProfilePage({ ordersPanel }: { ordersPanel?: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Spinner label="Loading your profile" />;
  if (status === 'signedOut' || !user) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">{PROFILE_MESSAGES.loginToView}</h1>
        <Link
          to={loginHref(`${location.pathname}${location.search}`)}
          className="mt-6 inline-block rounded-lg bg-black px-6 py-3 font-bold text-white"
        >
          Login
        </Link>
      </section>
    );
  }
  return <SignedInProfile user={user} ordersPanel={ordersPanel} />;
}

function SignedInProfile({ user, ordersPanel }: { user: User; ordersPanel?: ReactNode }) {
  const { updateUser, signOut } = useSession();
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [form, setForm] = useState<ProfileForm>(() => formFromUser(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const [saving, setSaving] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const userId = user._id;

  // The stored user may be stale (edited in another tab or device): load the current one.
  useEffect(() => {
    const controller = new AbortController();
    accountApi
      .user(userId, controller.signal)
      .then((res) => updateUser(res.user))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoadError(error instanceof Error ? error.message : NETWORK_MESSAGES.requestFailed);
      });
    return () => controller.abort();
  }, [userId, updateUser]);

  // 'Profile updated successfully!' for 3 s, then back to reading.
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => {
      setSuccess(false);
      setMode('view');
    }, PROFILE_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!expired) return;
    const timer = setTimeout(() => void signOut(), SESSION_EXPIRED_LOGOUT_MS);
    return () => clearTimeout(timer);
  }, [expired, signOut]);

  function startEditing() {
    setForm(formFromUser(user));
    setErrors({});
    setFormError(null);
    setSuccess(false);
    setMode('edit');
  }

  function cancel() {
    setForm(formFromUser(user));
    setErrors({});
    setFormError(null);
    setMode('view');
  }

  function change(field: ProfileField, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    setSuccess(false);
    const original = formFromUser(user);
    const found = validateProfile(form, original);
    setErrors(found);
    const first = PROFILE_FIELDS.find((field) => found[field]);
    if (first) {
      formRef.current?.ownerDocument.getElementById(id(first))?.focus();
      return;
    }
    const changes = profileChanges(form, original);
    if (!changes) {
      setFormError(PROFILE_MESSAGES.noValidUpdates);
      return;
    }
    setSaving(true);
    try {
      const res = await accountApi.updateUser(userId, { ...changes });
      updateUser(res.user);
      setForm(formFromUser(res.user));
      setSuccess(true);
    } catch (error) {
      const message = error instanceof ApiError || error instanceof Error ? error.message : undefined;
      const mapped = profileErrorMessage(message);
      setFormError(mapped.message);
      if (mapped.logout) setExpired(true);
    } finally {
      setSaving(false);
    }
  }

  const editing = mode === 'edit';
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
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_22rem]">
      <section
        aria-labelledby="profile-heading"
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:p-8"
      >
        <div className="flex flex-wrap items-center gap-4">
          <Avatar user={user} />
          <div className="min-w-0 flex-1">
            <h1 id="profile-heading" className="text-2xl font-black tracking-tight">
              My Profile
            </h1>
            <p className="truncate text-neutral-600">
              {`${user.firstName} ${user.lastName}`.trim() || user.email}
            </p>
          </div>
          {editing ? null : (
            <button
              type="button"
              onClick={startEditing}
              className="rounded-lg border border-black/20 px-4 py-2 font-semibold hover:bg-black/5"
            >
              Edit Profile
            </button>
          )}
        </div>

        {success ? (
          <p
            role="status"
            className="mt-6 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-800"
          >
            {PROFILE_MESSAGES.updated}
          </p>
        ) : null}
        {formError ? (
          <p
            role="alert"
            className="mt-6 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800"
          >
            {formError}
          </p>
        ) : null}
        {loadError && !editing ? (
          <p
            role="alert"
            className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          >
            {loadError}
          </p>
        ) : null}

        {editing ? (
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
              <FormField {...fieldProps('phone')} type="tel" autoComplete="tel" inputMode="tel" />
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
              <FormField
                {...fieldProps('pincode')}
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={6}
              />
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
        ) : (
          <ProfileDetails user={user} />
        )}
      </section>
      <section
        aria-labelledby="profile-orders-heading"
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5"
      >
        <h2 id="profile-orders-heading" className="text-xl font-bold">
          My Orders
        </h2>
        {ordersPanel}
      </section>
    </div>
  );
}

function Avatar({ user }: { user: User }) {
  const [broken, setBroken] = useState(false);
  if (user.avatar && !broken) {
    return (
      <img
        src={user.avatar}
        alt=""
        width={72}
        height={72}
        onError={() => setBroken(true)}
        className="h-18 w-18 rounded-full object-cover ring-1 ring-black/10"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex h-18 w-18 items-center justify-center rounded-full bg-black text-2xl font-black text-white"
    >
      {initials(user)}
    </span>
  );
}

function ProfileDetails({ user }: { user: User }) {
  const a = user.address;
  const rows: [string, string][] = [
    ['First Name', user.firstName],
    ['Last Name', user.lastName],
    ['Email', user.email],
    ['Phone', user.phone],
    ['Door No.', a.doorNo],
    ['Street', a.street],
    ['City', a.city],
    ['State', a.state],
    ['Pincode', a.pincode],
    ['Country', a.country],
  ];
  return (
    <dl className="mt-6 grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm font-semibold text-neutral-500">{label}</dt>
          <dd className="mt-0.5 break-words">
            {value || <span className="text-neutral-600">Not provided</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
