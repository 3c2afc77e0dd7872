// The sign-in and sign-up forms' common life: fields, errors that follow the typing once a submit was tried,
// focus on the first invalid field, one submission at a time, the password's visibility and the form's error.
import { type FormEvent, useRef, useState } from 'react';
import { focusFirstInvalid } from './components/FormField';

export interface AuthFormOptions<F extends { [K in keyof F]: string }> {
  initial: F;
  validate: (fields: F) => Partial<Record<keyof F, string>>;
  /** Field order, for focusing the first invalid one. */
  order: readonly (keyof F & string)[];
  ids: Record<keyof F & string, string>;
  /** Submitting is refused meanwhile (a lock, a redirect under way); busy is added by the hook. */
  blocked: boolean;
  /** Sends the valid fields; resolves to the message to show, or null. */
  submit: (fields: F) => Promise<string | null>;
}

export function useAuthForm<F extends { [K in keyof F]: string }>(options: AuthFormOptions<F>) {
  const { initial, validate, order, ids, blocked, submit } = options;
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<F>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof F, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const disabled = blocked || busy;

  function change(field: keyof F, value: string) {
    const next = { ...fields, [field]: value };
    setFields(next);
    // Once the user has tried to submit, errors follow the typing.
    if (submitted) setErrors(validate(next));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabled) return;
    setSubmitted(true);
    setFormError(null);
    const found = validate(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(order, found, formRef.current, ids);
      return;
    }
    setBusy(true);
    try {
      const message = await submit(fields);
      if (message !== null) setFormError(message);
    } finally {
      setBusy(false);
    }
  }

  return {
    formRef,
    fields,
    errors,
    formError,
    setFormError,
    busy,
    disabled,
    showPassword,
    toggleShowPassword: () => setShowPassword((visible) => !visible),
    change,
    onSubmit,
  };
}
