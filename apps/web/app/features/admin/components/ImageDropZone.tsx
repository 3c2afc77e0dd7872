// Where a colour's images come in: a drop zone that also has a button opening the file picker (the keyboard's
// way in, and the phone's), then one line per file: its progress while it uploads, or the API's refusal.
import { useRef, useState } from 'react';
import type { Upload } from '../use-product-images';
import { secondaryButtonClass } from './ui';

export function ImageDropZone({
  name,
  uploads,
  disabled,
  onFiles,
}: {
  /** The colour as staff read it: 'Black (Bk)'. */
  name: string;
  uploads: readonly Upload[];
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (files: FileList | null) => {
    if (!disabled && files && files.length > 0) onFiles([...files]);
  };
  return (
    <div>
      <div
        role="group"
        aria-label={`Drop images for ${name}`}
        onDragOver={(e) => {
          // Without this the browser would open a dropped file in place of the back office.
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          take(e.dataTransfer.files);
        }}
        className={`flex flex-wrap items-center gap-3 rounded-lg border-2 border-dashed p-4 text-sm ${over ? 'border-ink bg-neutral-100' : 'border-black/20'}`}
      >
        <p className="text-neutral-700">
          Drop JPEG, PNG, WebP or AVIF photos here (at least 600 px wide, up to 20 MB), or
        </p>
        <button
          type="button"
          disabled={disabled}
          onClick={() => input.current?.click()}
          className={secondaryButtonClass}
        >
          Choose images<span className="sr-only"> for {name}</span>
        </button>
        {/* The button above is its visible, focusable face; the input only carries the picker's files. */}
        <input
          ref={input}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif"
          tabIndex={-1}
          aria-label={`Images for ${name}`}
          disabled={disabled}
          onChange={(e) => {
            take(e.target.files);
            // Choosing the same file again, after a refusal for instance, should upload it again.
            e.target.value = '';
          }}
          className="sr-only"
        />
      </div>
      {uploads.length > 0 ? (
        <ul aria-label={`Uploads, ${name}`} className="mt-2 flex flex-col gap-2 text-sm">
          {uploads.map((u) =>
            u.error ? (
              <li key={u.id} role="alert" className="text-red-700">
                {u.name}: {u.error}
              </li>
            ) : (
              <li key={u.id} className="flex items-center gap-2">
                <span className="min-w-0 truncate">{u.name}</span>
                <progress
                  value={u.progress}
                  max={1}
                  aria-label={`Uploading ${u.name}`}
                  className="h-2 w-40 accent-ink"
                />
              </li>
            ),
          )}
        </ul>
      ) : null}
    </div>
  );
}
