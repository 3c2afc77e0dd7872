// The images editor's state: the galleries as edited, the uploads under way (or refused) per colour, and the
// save. Files upload one after another, so each progress bar moves in turn and a colour's gallery keeps the
// order in which the files were chosen.
import type { AdminProduct } from '@rangrez/contract/schemas/admin-catalogue';
import { useRef, useState } from 'react';
import { errorText } from './api';
import {
  type Galleries,
  addImage,
  galleriesFromProduct,
  imagesBody,
  moveImage,
  removeImage,
  setAlt,
} from './gallery';
import { useAdminSession } from './session';

export interface Upload {
  id: number;
  color: string;
  name: string;
  /** The share of the file sent, 0 to 1. */
  progress: number;
  /** The API's refusal, as it words it. */
  error?: string;
}

export function useProductImages(product: AdminProduct, onSaved: (text: string) => void) {
  const { api } = useAdminSession();
  const [galleries, setGalleries] = useState<Galleries>(() => galleriesFromProduct(product));
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nextId = useRef(0);

  const patchUpload = (id: number, patch: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...patch } : u)));

  async function upload(color: string, files: readonly File[]) {
    const queued = files.map((file) => ({ file, id: nextId.current++ }));
    // A new choice clears the colour's earlier refusals: they are about files no longer in question.
    setUploads((all) => [
      ...all.filter((u) => u.color !== color || !u.error),
      ...queued.map(({ file, id }) => ({ id, color, name: file.name, progress: 0 })),
    ]);
    for (const { file, id } of queued) {
      try {
        const media = await api.uploadMedia(file, {
          onProgress: (progress) => patchUpload(id, { progress }),
        });
        setGalleries((g) => addImage(g, color, { mediaId: media._id, url: media.url, alt: media.alt }));
        setUploads((all) => all.filter((u) => u.id !== id));
      } catch (failure) {
        patchUpload(id, { error: errorText(failure) });
      }
    }
  }

  async function save() {
    setBusy(true);
    setError(null);
    try {
      await api.putImages(product._id, imagesBody(product.colors, galleries));
      onSaved('Images saved.');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return {
    galleries,
    uploads,
    error,
    busy,
    uploading: uploads.some((u) => !u.error),
    upload: (color: string, files: readonly File[]) => void upload(color, files),
    move: (color: string, from: number, to: number) => setGalleries((g) => moveImage(g, color, from, to)),
    remove: (color: string, index: number) => setGalleries((g) => removeImage(g, color, index)),
    setAlt: (color: string, index: number, alt: string) => setGalleries((g) => setAlt(g, color, index, alt)),
    save,
  };
}
