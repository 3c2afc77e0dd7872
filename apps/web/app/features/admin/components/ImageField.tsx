// One image of a slide or a category (a slide's desktop or phone image, a category's thumbnail): what it shows now,
// a file input that uploads at once through POST /admin/media with a progress bar (media:write), and Remove. The
// server checks the file (type, size, width) and its refusal is shown as it words it (docs/admin.md#images).
import type { AdminMedia } from '@rangrez/contract/schemas/admin-media';
import { useState } from 'react';
import { errorText } from '../api';
import { useAdminSession } from '../session';
import { UploadProgress } from './UploadProgress';
import { secondaryButtonClass } from './ui';

interface Props {
  id: string;
  label: string;
  url: string | null;
  disabled: boolean;
  onChange: (media: Pick<AdminMedia, '_id' | 'url'> | null) => void;
}

export function ImageField({ id, label, url, disabled, onChange }: Props) {
  const { api } = useAdminSession();
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function upload(file: File) {
    setError(null);
    setSent(0);
    try {
      const { media } = await api.uploadImage(file, setSent);
      onChange(media);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSent(null);
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {url ? <img src={url} alt="" className="h-24 w-40 rounded object-cover" /> : null}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        disabled={disabled || sent !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
        className="text-sm"
      />
      {sent !== null ? <UploadProgress label={`Uploading the ${label.toLowerCase()}`} sent={sent} /> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {url && !disabled ? (
        <button type="button" onClick={() => onChange(null)} className={`${secondaryButtonClass} self-start`}>
          Remove {label.toLowerCase()}
        </button>
      ) : null}
    </div>
  );
}
