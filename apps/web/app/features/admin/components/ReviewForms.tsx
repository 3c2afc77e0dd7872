// A moderator's two texts: the reason for rejecting a review (required: its author sees it) and the store's reply.
// Each is checked with the contract's own schema, so its message is the API's.
import { zodResolver } from '@hookform/resolvers/zod';
import { REVIEW_REASON_MAX_LENGTH, REVIEW_REPLY_MAX_LENGTH } from '@rangrez/contract/rules/reviews';
import { reviewRejectBodySchema, reviewReplyBodySchema } from '@rangrez/contract/schemas/reviews';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { errorText } from '../api';
import { Notice, TextAreaField, buttonClass, secondaryButtonClass } from './ui';

interface TextFormProps {
  id: string;
  onSubmit: (text: string) => Promise<void>;
  onCancel: () => void;
}

function Buttons({ submit, busy, onCancel }: { submit: string; busy: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClass}>
        {submit}
      </button>
      <button type="button" onClick={onCancel} className={secondaryButtonClass}>
        Cancel
      </button>
    </div>
  );
}

export function RejectForm({ id, onSubmit, onCancel }: TextFormProps) {
  const { register, handleSubmit, setError, setFocus, formState } = useForm({
    resolver: zodResolver(reviewRejectBodySchema),
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = formState;
  // The field appears on request: take the moderator there.
  useEffect(() => setFocus('reason'), [setFocus]);
  const submit = handleSubmit(async ({ reason }) => {
    try {
      await onSubmit(reason);
    } catch (error) {
      setError('root.server', { message: errorText(error) });
    }
  });
  const serverError = errors.root?.server?.message;
  return (
    <form noValidate onSubmit={submit} aria-label="Reject the review" className="mt-3 flex flex-col gap-3">
      <TextAreaField
        id={`${id}-reason`}
        label="Reason for rejecting"
        rows={3}
        maxLength={REVIEW_REASON_MAX_LENGTH}
        hint="The shopper sees this on their review."
        error={errors.reason?.message}
        {...register('reason')}
      />
      <Notice notice={serverError ? { kind: 'error', text: serverError } : null} />
      <Buttons submit="Reject review" busy={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

export function ReplyForm({ id, initial, onSubmit, onCancel }: TextFormProps & { initial: string }) {
  const { register, handleSubmit, setError, setFocus, formState } = useForm({
    resolver: zodResolver(reviewReplyBodySchema),
    defaultValues: { text: initial },
  });
  const { errors, isSubmitting } = formState;
  useEffect(() => setFocus('text'), [setFocus]);
  const submit = handleSubmit(async ({ text }) => {
    try {
      await onSubmit(text);
    } catch (error) {
      setError('root.server', { message: errorText(error) });
    }
  });
  const serverError = errors.root?.server?.message;
  return (
    <form noValidate onSubmit={submit} aria-label="Reply to the review" className="mt-3 flex flex-col gap-3">
      <TextAreaField
        id={`${id}-reply`}
        label="The store's reply"
        rows={3}
        maxLength={REVIEW_REPLY_MAX_LENGTH}
        hint="Shown under the review once it is approved; replaces any earlier reply."
        error={errors.text?.message}
        {...register('text')}
      />
      <Notice notice={serverError ? { kind: 'error', text: serverError } : null} />
      <Buttons submit="Save reply" busy={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
