// The profile page's state: the current user loaded once (useProfilePrefill) and the edit form's life cycle
// (useProfileEditor): edit, validate, save the changed fields only, the success note, sign-out on an expired
// session.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { PROFILE_MESSAGES, profileErrorMessage } from '@rangrez/contract/rules/account-messages';
import { PROFILE_SUCCESS_MS, SESSION_EXPIRED_LOGOUT_MS } from '@rangrez/contract/rules/constants';
import { NETWORK_MESSAGES } from '@rangrez/contract/rules/site-messages';
import type { User } from '@rangrez/contract/schemas';
import { ApiError } from '../../lib/api';
import { accountApi } from './api';
import {
  type ProfileErrors,
  type ProfileField,
  type ProfileForm,
  PROFILE_FIELDS,
  formFromUser,
  profileChanges,
  validateProfile,
  stripProfileInput,
} from './profile-form';
import { useSession } from './session';

/** The stored user may be stale (edited in another tab or device): load the current one. */
export function useProfilePrefill(userId: string): string | null {
  const { updateUser } = useSession();
  const [loadError, setLoadError] = useState<string | null>(null);
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
  return loadError;
}

/** 'Profile updated successfully!' for a few seconds, then back to reading. */
function useSuccessNote(setMode: (mode: 'view') => void) {
  const [success, setSuccess] = useState(false);
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => {
      setSuccess(false);
      setMode('view');
    }, PROFILE_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [success, setMode]);
  return [success, setSuccess] as const;
}

/** An expired session shows its message, then signs out after a moment. */
function useSignOutWhenExpired(signOut: () => Promise<void>) {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!expired) return;
    const timer = setTimeout(() => void signOut(), SESSION_EXPIRED_LOGOUT_MS);
    return () => clearTimeout(timer);
  }, [expired, signOut]);
  return setExpired;
}

export function useProfileEditor(user: User, fieldId: (field: ProfileField) => string) {
  const { updateUser, signOut } = useSession();
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [form, setForm] = useState<ProfileForm>(() => formFromUser(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useSuccessNote(setMode);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const userId = user._id;
  const setExpired = useSignOutWhenExpired(signOut);

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
    setForm((current) => ({ ...current, [field]: stripProfileInput(field, value) }));
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
      formRef.current?.ownerDocument.getElementById(fieldId(first))?.focus();
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

  return {
    editing: mode === 'edit',
    form,
    errors,
    formError,
    success,
    saving,
    formRef,
    startEditing,
    cancel,
    change,
    onSubmit,
  };
}
