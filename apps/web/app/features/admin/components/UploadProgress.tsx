// A file's upload, as a share of its bytes sent: a native progress bar, which screen readers announce by its label.
export function UploadProgress({ label, sent }: { label: string; sent: number }) {
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
