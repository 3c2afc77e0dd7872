// /profile (docs/product/screens.md#profile-page, rules.md#profile, texts.md#profile).
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PROFILE_MESSAGES } from '@rangrez/contract/rules/account-messages';
import type { User } from '@rangrez/contract/schemas';
import { initials } from '../profile-form';
import { loginHref } from '../../../lib/return-to';
import { useSession } from '../session';
import { useProfileEditor, useProfilePrefill } from '../use-profile';
import { ChangePasswordForm } from './ChangePasswordForm';
import { SavedAddresses } from './SavedAddresses';
import { ProfileEditForm, id } from './ProfileEditForm';
import { Spinner } from './FormField';

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
  const loadError = useProfilePrefill(user._id);
  const editor = useProfileEditor(user, id);
  const { editing } = editor;

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
              onClick={editor.startEditing}
              className="rounded-lg border border-black/20 px-4 py-2 font-semibold hover:bg-black/5"
            >
              Edit Profile
            </button>
          )}
        </div>

        {editor.success ? (
          <p
            role="status"
            className="mt-6 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-800"
          >
            {PROFILE_MESSAGES.updated}
          </p>
        ) : null}
        {editor.formError ? (
          <p
            role="alert"
            className="mt-6 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800"
          >
            {editor.formError}
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
          <ProfileEditForm
            user={user}
            form={editor.form}
            errors={editor.errors}
            saving={editor.saving}
            success={editor.success}
            formRef={editor.formRef}
            onSubmit={editor.onSubmit}
            change={editor.change}
            cancel={editor.cancel}
          />
        ) : (
          <ProfileDetails user={user} />
        )}
        <ChangePasswordForm />
        <SavedAddresses />
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
