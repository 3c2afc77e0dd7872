// The defect return form under a delivered order (docs/orders-lifecycle.md#returns): which items and how many, the
// reason, a description, 1 to 5 photos (uploaded at once with their progress, as a review's) or one short video,
// and for a cash-on-delivery order where the refund goes. Each field says what is wrong next to it, in the
// server's words; the first wrong field takes the focus.
import { colourByCode } from '@rangrez/contract/rules/colours';
import {
  RETURN_MAX_PHOTOS,
  RETURN_PAYOUT_LABELS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnPayout,
} from '@rangrez/contract/rules/returns';
import type { Order, ReturnResponse } from '@rangrez/contract/schemas';
import { useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { PhotoPicker } from '../../../components/PhotoPicker';
import { usePhotoUploader } from '../../../lib/use-photo-uploader';
import {
  initialValues,
  RETURN_FORM_TEXTS as T,
  type ReturnFormErrors,
  type ReturnFormValues,
  requestBody,
  validateReturn,
} from '../return-form';
import { returnsApi } from '../returns-api';
import { useVideoUpload } from '../use-video-upload';

/** The fields in the form's order: the first wrong one takes the focus (the evidence's is its file input). */
const FIELD_ORDER = [
  'items',
  'reason',
  'description',
  'evidence',
  'upiId',
  'accountName',
  'accountNumber',
  'ifsc',
] as const satisfies readonly (keyof ReturnFormErrors)[];

const INPUT =
  'mt-1 block w-full rounded-lg border border-black/20 px-3 py-2 text-sm aria-[invalid=true]:border-red-600';

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {text}
    </p>
  ) : null;
}

interface FieldProps {
  id: string;
  values: ReturnFormValues;
  errors: ReturnFormErrors;
  set: (change: Partial<ReturnFormValues>) => void;
}

function ItemsField({ id, order, values, errors, set }: FieldProps & { order: Order }) {
  return (
    <fieldset aria-describedby={errors.items ? `${id}-items-error` : undefined}>
      <legend className="text-sm font-semibold">{T.items}</legend>
      {order.items.map((item, n) => {
        const quantity = values.quantities[item._id] ?? 0;
        const label = `${item.productName}, size ${item.size}, ${colourByCode(item.color).name}`;
        return (
          <div key={item._id} className="mt-1 flex flex-wrap items-center gap-3 text-sm">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                // The first box is where the focus goes when no item is chosen.
                id={n === 0 ? `${id}-items` : undefined}
                checked={quantity > 0}
                onChange={(e) =>
                  set({
                    quantities: {
                      ...values.quantities,
                      [item._id]: e.currentTarget.checked ? item.quantity : 0,
                    },
                  })
                }
              />
              {label}
            </label>
            {item.quantity > 1 && quantity > 0 ? (
              <label className="flex items-center gap-1">
                Qty
                <select
                  value={quantity}
                  onChange={(e) =>
                    set({ quantities: { ...values.quantities, [item._id]: Number(e.currentTarget.value) } })
                  }
                  className="rounded border border-black/20 px-1"
                >
                  {Array.from({ length: item.quantity }, (_, i) => (
                    <option key={i + 1}>{i + 1}</option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
        );
      })}
      <FieldError id={`${id}-items-error`} text={errors.items} />
    </fieldset>
  );
}

function TextField(
  props: FieldProps & { name: 'upiId' | 'accountName' | 'accountNumber' | 'ifsc'; inputMode?: 'numeric' },
) {
  const { id, name, values, errors, set } = props;
  return (
    <div>
      <label htmlFor={`${id}-${name}`} className="text-sm font-semibold">
        {T[name]}
      </label>
      <input
        id={`${id}-${name}`}
        value={values[name]}
        inputMode={props.inputMode}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) => set({ [name]: e.currentTarget.value })}
        className={INPUT}
      />
      <FieldError id={`${id}-${name}-error`} text={errors[name]} />
    </div>
  );
}

function PayoutField(props: FieldProps & { order: Order }) {
  const { id, order, values, set } = props;
  if (order.paymentMethod !== 'COD') return <p className="text-sm text-neutral-700">{T.prepaidPayout}</p>;
  const options: ReturnPayout[] = ['upi', 'bank', 'store_credit'];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold">{T.payout}</legend>
      {options.map((payout) => (
        <label key={payout} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-payout`}
            checked={values.payout === payout}
            onChange={() => set({ payout })}
          />
          {RETURN_PAYOUT_LABELS[payout]}
        </label>
      ))}
      {values.payout === 'upi' ? <TextField {...props} name="upiId" /> : null}
      {values.payout === 'bank' ? (
        <>
          <TextField {...props} name="accountName" />
          <TextField {...props} name="accountNumber" inputMode="numeric" />
          <TextField {...props} name="ifsc" />
        </>
      ) : null}
    </fieldset>
  );
}

function EvidenceField(
  props: FieldProps & {
    order: Order;
    photos: ReturnType<typeof usePhotoUploader>;
    video: ReturnType<typeof useVideoUpload>;
  },
) {
  const { id, values, errors, set, photos, video } = props;
  const percent = Math.round(video.video.sent * 100);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold">{T.evidence}</legend>
      <div className="flex gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-evidence`}
            checked={values.evidence === 'photos'}
            onChange={() => set({ evidence: 'photos' })}
          />
          {T.photos}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-evidence`}
            checked={values.evidence === 'video'}
            onChange={() => set({ evidence: 'video' })}
          />
          {T.video}
        </label>
      </div>
      {values.evidence === 'photos' ? (
        <PhotoPicker
          id={`${id}-photos`}
          uploads={photos}
          error={errors.evidence}
          max={RETURN_MAX_PHOTOS}
          texts={T}
        />
      ) : (
        <div>
          <label htmlFor={`${id}-video`} className="text-sm font-semibold">
            {T.video}
          </label>
          <p id={`${id}-video-hint`} className="text-sm text-neutral-600">
            {T.videoHint}
          </p>
          <input
            id={`${id}-video`}
            type="file"
            accept="video/mp4,video/webm,video/quicktime"
            aria-describedby={`${id}-video-hint`}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) video.pick(file);
            }}
            className="mt-1 block text-sm"
          />
          {video.video.status === 'uploading' ? (
            <progress
              max={100}
              value={percent}
              aria-label="Uploading video"
              className="mt-1 h-2 w-40 accent-ink"
            />
          ) : null}
          <FieldError id={`${id}-video-error`} text={video.video.error ?? errors.evidence} />
        </div>
      )}
    </fieldset>
  );
}

export function ReturnRequest({
  order,
  onDone,
  onCancel,
}: {
  order: Order;
  onDone: (answer: ReturnResponse) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => initialValues(order));
  const [errors, setErrors] = useState<ReturnFormErrors>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const photos = usePhotoUploader(
    (file, onProgress, signal) => returnsApi.uploadPhoto(order.orderId, file, onProgress, signal),
    [],
    {
      max: RETURN_MAX_PHOTOS,
      limitText: T.photoLimit,
    },
  );
  const video = useVideoUpload(order.orderId);
  const set = (change: Partial<ReturnFormValues>) => setValues((v) => ({ ...v, ...change }));
  const field = { id, values, errors, set };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (photos.busy || video.video.status === 'uploading') return setFailure(T.waitForUploads);
    const current = { ...values, photoIds: photos.ids, videoId: video.video.id };
    const found = validateReturn(current);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      const first = FIELD_ORDER.find((key) => found[key]);
      const target = first === 'evidence' ? values.evidence : first;
      requestAnimationFrame(() =>
        form.current?.querySelector<HTMLElement>(`[id="${id}-${target}"]`)?.focus(),
      );
      return;
    }
    setSending(true);
    try {
      onDone(await returnsApi.request(order.orderId, requestBody(current)));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : String(error));
      setSending(false);
    }
  }

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-lg bg-neutral-50 p-4"
    >
      <h4 id={`${id}-title`} className="font-bold">
        {T.title}
      </h4>
      <ItemsField {...field} order={order} />
      <div>
        <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
          {T.reason}
        </label>
        <select
          id={`${id}-reason`}
          value={values.reason}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          onChange={(e) => set({ reason: e.currentTarget.value as ReturnFormValues['reason'] })}
          className={INPUT}
        >
          <option value="">{T.chooseReason}</option>
          {RETURN_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {RETURN_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-reason-error`} text={errors.reason} />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className="text-sm font-semibold">
          {T.description}
        </label>
        <textarea
          id={`${id}-description`}
          value={values.description}
          maxLength={1000}
          rows={3}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          onChange={(e) => set({ description: e.currentTarget.value })}
          className={INPUT}
        />
        <FieldError id={`${id}-description-error`} text={errors.description} />
      </div>
      <EvidenceField {...field} order={order} photos={photos} video={video} />
      <PayoutField {...field} order={order} />
      {failure ? (
        <p role="alert" className="text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={sending}
          className="rounded-lg bg-ink px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
        >
          {T.submit}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ring-black/20"
        >
          {T.cancel}
        </button>
      </div>
    </form>
  );
}
