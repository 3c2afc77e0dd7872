// Full-screen lightbox (docs/product/screens.md#product-page): Escape closes, arrow keys navigate and wrap
// around; a modal dialog keeps focus inside and gives it back to the image that opened it.
import { useRef, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { Picture } from '../../../components/Picture';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../../components/icons';
import {
  PRODUCT_IMAGE_SIZE,
  gallerySwipe,
  imageCounter,
  lightboxKey,
  nextImage,
  previousImage,
} from './gallery-state';

const BUTTON =
  'flex h-12 w-12 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white';

export function Lightbox({
  images,
  index,
  onIndex,
  onClose,
  name,
}: {
  images: string[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  name: string;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const [touchX, setTouchX] = useState<number | null>(null);
  const count = images.length;
  const src = images[index];
  const go = (move: 'next' | 'prev') =>
    onIndex(move === 'next' ? nextImage(index, count) : previousImage(index, count));

  return (
    <Dialog
      label={`${name}: images`}
      onClose={onClose}
      initialFocus={closeRef}
      onKeyDown={(event) => {
        const action = lightboxKey(event.key);
        if (!action) return;
        event.preventDefault();
        if (action === 'close') onClose();
        else go(action);
      }}
      className="m-0 h-full max-h-none w-full max-w-none bg-black/95 p-0 text-white backdrop:bg-black"
    >
      <div
        className="relative flex h-full w-full items-center justify-center"
        onTouchStart={(event) => setTouchX(event.touches[0]?.clientX ?? null)}
        onTouchEnd={(event) => {
          const end = event.changedTouches[0]?.clientX;
          if (touchX !== null && end !== undefined) {
            const move = gallerySwipe(touchX, end);
            if (move) go(move);
          }
          setTouchX(null);
        }}
      >
        {src ? (
          <Picture
            key={src}
            src={src}
            alt={`${name}, image ${index + 1} of ${count}`}
            ladder="product"
            sizes="(min-width: 768px) 80vh, 100vw"
            width={PRODUCT_IMAGE_SIZE.width}
            height={PRODUCT_IMAGE_SIZE.height}
            priority
            className="max-h-full max-w-full object-contain"
          />
        ) : null}
        <p aria-live="polite" className="absolute left-4 top-4 text-sm font-semibold">
          {imageCounter(index, count)}
        </p>
        <button
          ref={closeRef}
          type="button"
          aria-label="Close"
          onClick={onClose}
          className={`${BUTTON} absolute right-4 top-4`}
        >
          <CloseIcon className="h-6 w-6" />
        </button>
        {count > 1 ? (
          <>
            <button
              type="button"
              aria-label="Previous image"
              onClick={() => go('prev')}
              className={`${BUTTON} absolute left-4 top-1/2 -translate-y-1/2`}
            >
              <ChevronLeftIcon className="h-6 w-6" />
            </button>
            <button
              type="button"
              aria-label="Next image"
              onClick={() => go('next')}
              className={`${BUTTON} absolute right-4 top-1/2 -translate-y-1/2`}
            >
              <ChevronRightIcon className="h-6 w-6" />
            </button>
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
