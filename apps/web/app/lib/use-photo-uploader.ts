// A form's photos: those it has, and files the shopper picks, each uploaded at once with its progress, so that
// submitting sends only their ids: a review's (features/reviews) and a defect return's (features/orders), each
// with its own upload route and limit. A file over the upload limit is refused here, before a byte is sent, with
// the server's own words.
import { variantUrl } from '@rangrez/contract/rules/media';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@rangrez/contract/rules/uploads';
import { NETWORK_MESSAGES } from '@rangrez/contract/rules/site-messages';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from './api';

export interface PhotoItem {
  key: string;
  /** What the thumbnail shows: a small variant of a stored photo, or the picked file itself; '' for none. */
  preview: string;
  status: 'uploading' | 'done' | 'failed';
  /** Share of the file sent, 0 to 1. */
  sent: number;
  photo: UploadedPhoto | null;
  error: string | null;
}

/** What a photo upload answers that the form needs: its id to send and its URL to show. */
export interface UploadedPhoto {
  _id: string;
  url: string;
}

/** Sends one file, reporting the share sent; answers the stored photo or rejects with the server's message. */
export type PhotoUploader = (
  file: File,
  onProgress: (sent: number) => void,
  signal: AbortSignal,
) => Promise<UploadedPhoto>;

/** Thumbnails are shown about 96 px wide: the 240 px step covers 2x screens. */
const THUMBNAIL_WIDTH = 240;

const stored = (photo: UploadedPhoto): PhotoItem => ({
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

export function usePhotoUploader(
  upload: PhotoUploader,
  initial: readonly UploadedPhoto[],
  limits: { max: number; limitText: string },
) {
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
    upload(file, (sent) => update(key, { sent }), controller.signal)
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
      const free = Math.max(0, limits.max - items.length);
      setNotice(files.length > free ? limits.limitText : null);
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

export type PhotoUploads = ReturnType<typeof usePhotoUploader>;
