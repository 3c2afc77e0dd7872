// A review's photos in the Reviews tab: small thumbnails, each a button that opens them full screen in the
// product gallery's lightbox (arrow keys between them, Escape closes, focus back on the thumbnail).
import type { ReviewPhoto } from '@rangrez/contract/schemas';
import { Suspense, lazy, useState } from 'react';
import { Picture } from '../../../components/Picture';

const Lightbox = lazy(() => import('../gallery/Lightbox').then((m) => ({ default: m.Lightbox })));

/** Shown 80 CSS px square. */
const THUMBNAIL = 80;

export function ReviewPhotos({ photos, author }: { photos: ReviewPhoto[]; author: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const name = `Photos from ${author}'s review`;
  return (
    <>
      <ul aria-label={name} className="mt-2 flex flex-wrap gap-2">
        {photos.map((photo, i) => (
          <li key={photo._id}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-label={`Open photo ${i + 1} of ${photos.length} from ${author}'s review`}
              className="block overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-ink"
            >
              <Picture
                src={photo.url}
                alt=""
                ladder="thumbnail"
                sizes={`${THUMBNAIL}px`}
                width={photo.width}
                height={photo.height}
                className="h-20 w-20 bg-neutral-100 object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      {open !== null ? (
        <Suspense fallback={null}>
          <Lightbox
            images={photos.map((photo) => photo.url)}
            index={open}
            onIndex={setOpen}
            onClose={() => setOpen(null)}
            name={name}
          />
        </Suspense>
      ) : null}
    </>
  );
}
