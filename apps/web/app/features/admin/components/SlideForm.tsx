// A slide's form (docs/admin.md#hero-slides): its text, link, switch, window and two images, checked with the
// contract's own schema (so a field's message is the API's), with the preview beside it updating as one types.
// The server's refusals (an unknown image...) are shown under the button, announced.
import type { AdminSlideCreateBody } from '@rangrez/contract/schemas/admin-slides';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorText } from '../api';
import { type SlideFormValues, slideResolver } from '../slide-form';
import { ImageField } from './ImageField';
import { SlidePreview } from './SlidePreview';
import { CheckboxField, Notice, type NoticeState, TextField, buttonClass } from './ui';

interface SlideImages {
  desktop: string | null;
  mobile: string | null;
}

interface Props {
  label: string;
  initial: SlideFormValues;
  images: SlideImages;
  canWrite: boolean;
  /** Resolves with what to say once saved. */
  onSave: (body: AdminSlideCreateBody) => Promise<string | null>;
}

const frame = 'flex flex-col gap-4 rounded-xl border border-black/10 bg-white p-4 sm:p-6';

export function SlideForm({ label, initial, images: initialImages, canWrite, onSave }: Props) {
  const { register, handleSubmit, setValue, control, formState } = useForm<
    SlideFormValues,
    unknown,
    AdminSlideCreateBody
  >({ resolver: slideResolver, defaultValues: initial });
  const { errors, isSubmitting } = formState;
  const [images, setImages] = useState(initialImages);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [title, subtitle, cta] = useWatch({ control, name: ['title', 'subtitle', 'cta'] });
  const setImage = (side: 'desktop' | 'mobile') => (media: { _id: string; url: string } | null) => {
    setValue(side === 'desktop' ? 'desktopMediaId' : 'mobileMediaId', media?._id ?? null, {
      shouldDirty: true,
    });
    setImages((prev) => ({ ...prev, [side]: media?.url ?? null }));
  };
  const onSubmit = handleSubmit(async (body) => {
    setNotice(null);
    try {
      const done = await onSave(body);
      if (done) setNotice({ kind: 'success', text: done });
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label={label} className="flex flex-col gap-6">
      <fieldset disabled={!canWrite} className={frame}>
        <legend className="sr-only">{label}</legend>
        <TextField id="slide-title" label="Title" error={errors.title?.message} {...register('title')} />
        <TextField
          id="slide-subtitle"
          label="Subtitle"
          error={errors.subtitle?.message}
          {...register('subtitle')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="slide-cta" label="Button text" error={errors.cta?.message} {...register('cta')} />
          <TextField
            id="slide-cta-link"
            label="Button link"
            hint="A page of the store (/collection/…), an https:// address, or empty for no link."
            error={errors.ctaLink?.message}
            {...register('ctaLink')}
          />
          <TextField
            id="slide-starts"
            type="datetime-local"
            label="Shows from"
            hint="Empty: from now."
            error={errors.startsAt?.message}
            {...register('startsAt')}
          />
          <TextField
            id="slide-ends"
            type="datetime-local"
            label="Shows until"
            hint="Empty: no end."
            error={errors.endsAt?.message}
            {...register('endsAt')}
          />
        </div>
        <CheckboxField
          id="slide-active"
          label="On"
          error={errors.isActive?.message}
          {...register('isActive')}
        />
      </fieldset>
      <div className={frame}>
        <div className="grid gap-4 sm:grid-cols-2">
          <ImageField
            id="slide-desktop"
            label="Desktop image"
            url={images.desktop}
            disabled={!canWrite}
            onChange={setImage('desktop')}
          />
          <ImageField
            id="slide-mobile"
            label="Mobile image"
            url={images.mobile}
            disabled={!canWrite}
            onChange={setImage('mobile')}
          />
        </div>
        {errors.desktopMediaId || errors.mobileMediaId ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.desktopMediaId?.message ?? errors.mobileMediaId?.message}
          </p>
        ) : null}
        <SlidePreview title={title} subtitle={subtitle} cta={cta} {...images} />
      </div>
      {canWrite ? (
        <div className="flex flex-col gap-3">
          <Notice notice={notice} />
          <button
            type="submit"
            disabled={isSubmitting}
            aria-busy={isSubmitting || undefined}
            className={`${buttonClass} self-start`}
          >
            Save
          </button>
        </div>
      ) : null}
    </form>
  );
}
