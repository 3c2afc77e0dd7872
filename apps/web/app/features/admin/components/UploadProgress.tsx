// A file's upload, as a share of its bytes sent: a native progress bar, which screen readers announce by its label.
// With `then`, once every byte is sent the bar says what the server is now doing, without a share: it does not
// report its progress (docs/admin.md#csv-import-and-export).
export function UploadProgress({ label, sent, then }: { label: string; sent: number; then?: string }) {
  if (then && sent >= 1)
    return (
      <div className="flex items-center gap-3 text-sm">
        <progress aria-label={then} className="h-2 w-48 accent-ink" />
        <span aria-hidden="true">{then}…</span>
      </div>
    );
  const percent = Math.round(sent * 100);
  return (
    <div className="flex items-center gap-3 text-sm">
      <progress max={100} value={percent} aria-label={label} className="h-2 w-48 accent-ink">
        {percent}%
      </progress>
      <span aria-hidden="true">{percent}%</span>
    </div>
  );
}
