// The review form's photos: those the review has, and files the shopper picks, each uploaded at once with its
// progress (POST .../review/photos), so that submitting sends only their ids. At most REVIEW_MAX_PHOTOS; a file over
// the upload limit is refused here, before a byte is sent, with the server's own words.
import { REVIEW_MAX_PHOTOS } from '@rangrez/contract/rules/reviews';
import { variantUrl } from '@rangrez/contract/rules/media';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@rangrez/contract/rules/uploads';
import { NETWORK_MESSAGES } from '@rangrez/contract/rules/site-messages';
import type { ReviewPhoto } from '@rangrez/contract/schemas';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { reviewsApi } from './api';
import { REVIEW_TEXTS } from './review-texts';

export interface PhotoItem {
  key: string;
  /** What the thumbnail shows: a small variant of a stored photo, or the picked file itself; '' for none. */
  preview: string;
  status: 'uploading' | 'done' | 'failed';
  /** Share of the file sent, 0 to 1. */
  sent: number;
  photo: ReviewPhoto | null;
  error: string | null;
}

/** Thumbnails are shown about 96 px wide: the 240 px step covers 2x screens. */
const THUMBNAIL_WIDTH = 240;

const stored = (photo: ReviewPhoto): PhotoItem => ({
  key: photo._id,
  preview: variantUrl(photo.url, THUMBNAIL_WIDTH, 'jpg'),
  status: 'done',
  sent: 1,
  photo,
  error: null,
});

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : NETWORK_MESSAGES.requestFailed;

let picked = 0;

export function usePhotoUploads(productId: string, initial: readonly ReviewPhoto[]) {
  const [items, setItems] = useState<PhotoItem[]>(() => initial.map(stored));
  const [notice, setNotice] = useState<string | null>(null);
  const uploads = useRef(new Map<string, AbortController>());
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const running = uploads.current;
    const urls = previews.current;
    return () => {
      running.forEach((controller) => controller.abort());
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  const update = (key: string, change: Partial<PhotoItem>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function start(file: File): PhotoItem {
    const key = `picked-${++picked}`;
    if (file.size > UPLOAD_LIMITS.maxBytes) {
      return { key, preview: '', status: 'failed', sent: 0, photo: null, error: UPLOAD_MESSAGES.tooLarge };
    }
    const preview = URL.createObjectURL(file);
    previews.current.add(preview);
    const controller = new AbortController();
    uploads.current.set(key, controller);
    reviewsApi
      .uploadPhoto(productId, file, (sent) => update(key, { sent }), controller.signal)
      .then(
        (photo) => update(key, { status: 'done', sent: 1, photo }),
        (error: unknown) => {
          if (!controller.signal.aborted) update(key, { status: 'failed', error: errorText(error) });
        },
      )
      .finally(() => uploads.current.delete(key));
    return { key, preview, status: 'uploading', sent: 0, photo: null, error: null };
  }

  return {
    items,
    notice,
    /** Starts uploading the files that fit; the rest are left out with a notice. */
    add(files: readonly File[]) {
      const free = Math.max(0, REVIEW_MAX_PHOTOS - items.length);
      setNotice(files.length > free ? REVIEW_TEXTS.photoLimit : null);
      const added = files.slice(0, free).map(start);
      setItems((list) => [...list, ...added]);
    },
    remove(key: string) {
      uploads.current.get(key)?.abort();
      const item = items.find((i) => i.key === key);
      if (item && previews.current.delete(item.preview)) URL.revokeObjectURL(item.preview);
      setNotice(null);
      setItems((list) => list.filter((i) => i.key !== key));
    },
    /** The ids to send, in the order shown: uploaded photos only. */
    ids: items.flatMap((item) => (item.status === 'done' && item.photo ? [item.photo._id] : [])),
    busy: items.some((item) => item.status === 'uploading'),
  };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;
