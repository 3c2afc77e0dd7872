// A form's photos: thumbnails of those it has, each upload's progress or refusal, a Remove button per photo, and a
// file button while there is room: a review's (docs/product/rules.md#reviews) and a defect return's, each with its
// own limit and words.
import { useEffect, useRef } from 'react';
import type { PhotoItem, PhotoUploads } from '../lib/use-photo-uploader';

const photoLabel = (n: number) => `Photo ${n}`;
const uploadingLabel = (n: number) => `Uploading photo ${n}`;
const removeLabel = (n: number) => `Remove photo ${n}`;

/** What the store accepts (by content on the server); the browser's picker offers these first. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

function Thumbnail({ item, n, onRemove }: { item: PhotoItem; n: number; onRemove: () => void }) {
  const percent = Math.round(item.sent * 100);
  return (
    <li className="flex w-24 flex-col gap-1 text-xs">
      {item.preview ? (
        <img
          src={item.preview}
          alt={photoLabel(n)}
          width={96}
          height={96}
          className="h-24 w-24 rounded-lg bg-neutral-100 object-cover"
        />
      ) : (
        <span className="flex h-24 w-24 items-center justify-center rounded-lg bg-neutral-100 text-neutral-500">
          {photoLabel(n)}
        </span>
      )}
      {item.status === 'uploading' ? (
        <progress max={100} value={percent} aria-label={uploadingLabel(n)} className="h-2 w-24 accent-ink">
          {percent}%
        </progress>
      ) : null}
      {item.error ? (
        <p role="alert" className="text-red-700">
          {item.error}
        </p>
      ) : null}
      <button
        type="button"
        onClick={onRemove}
        aria-label={removeLabel(n)}
        className="self-start font-semibold underline underline-offset-2 hover:text-accent"
      >
        Remove
      </button>
    </li>
  );
}

export interface PhotoPickerTexts {
  photos: string;
  photosHint: string;
  addPhotos: string;
}

export function PhotoPicker({
  id,
  uploads,
  error,
  max,
  texts,
}: {
  id: string;
  uploads: PhotoUploads;
  error?: string | undefined;
  max: number;
  texts: PhotoPickerTexts;
}) {
  const input = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);
  const count = uploads.items.length;
  const full = count >= max;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  // A removed photo's button is gone: the file button, back now that there is room, takes the focus.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    input.current?.focus();
  }, [count]);

  return (
    <div>
      <p id={`${id}-label`} className="text-sm font-semibold">
        {texts.photos}
      </p>
      <p id={`${id}-hint`} className="text-sm text-neutral-600">
        {texts.photosHint}
      </p>
      {count > 0 ? (
        <ul aria-labelledby={`${id}-label`} className="mt-2 flex flex-wrap gap-3">
          {uploads.items.map((item, i) => (
            <Thumbnail
              key={item.key}
              item={item}
              n={i + 1}
              onRemove={() => {
                refocus.current = true;
                uploads.remove(item.key);
              }}
            />
          ))}
        </ul>
      ) : null}
      {full ? null : (
        <label className="mt-2 inline-flex min-h-11 cursor-pointer items-center rounded-full border border-black/20 px-4 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ink">
          {texts.addPhotos}
          <input
            ref={input}
            id={id}
            type="file"
            accept={ACCEPT}
            multiple
            aria-describedby={describedBy}
            onChange={(event) => {
              uploads.add([...(event.currentTarget.files ?? [])]);
              // The same file may be picked again after it was removed.
              event.currentTarget.value = '';
            }}
            className="sr-only"
          />
        </label>
      )}
      {uploads.notice ? (
        <p role="status" className="mt-1 text-sm text-neutral-700">
          {uploads.notice}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
