// Full-screen lightbox (docs/product/screens.md#product-page): Escape closes, arrow keys navigate and wrap
// around; a modal dialog keeps focus inside and gives it back to the image that opened it.
//
// The whole picture is always in view and never enlarged (docs/product/screens.md#product-page): the image keeps its
// own (natural) size and shrinks to the space the controls leave: a 4 rem bar above it (counter, Close) and, on
// phones, a 4 rem bar below it with the arrows; from md up the arrows sit in 6 rem margins either side. The
// controls are on the black backdrop, never on the picture, and are solid white: visible whatever the image.
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
  'flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-white text-ink shadow ring-1 ring-black/20 hover:bg-neutral-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
// Width and height auto: the image's natural size, which max-width and max-height only ever reduce.
const IMAGE =
  'h-auto w-auto max-w-[100vw] max-h-[calc(100dvh-8rem)] object-contain md:max-w-[calc(100vw-12rem)] md:max-h-[calc(100dvh-4rem)]';
// The width the image is shown at, from the same boxes: a srcset image's own size is the slot `sizes` names, so
// this picks the file and the size alike (product pictures are 4:5, so the height allows 0.8 of itself in width).
const LIGHTBOX_SIZES =
  '(min-width: 768px) min(calc(100vw - 12rem), calc((100vh - 4rem) * 0.8)), min(100vw, calc((100vh - 8rem) * 0.8))';

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
      className="m-0 h-full max-h-none w-full max-w-none overflow-hidden bg-black/95 p-0 text-white backdrop:bg-black"
    >
      <div
        className="relative flex h-full w-full flex-col"
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
        <div className="flex h-16 shrink-0 items-center justify-between px-4">
          <p aria-live="polite" className="text-sm font-semibold">
            {imageCounter(index, count)}
          </p>
          <button ref={closeRef} type="button" aria-label="Close" onClick={onClose} className={BUTTON}>
            <CloseIcon className="h-6 w-6" />
          </button>
        </div>
        <div className="flex min-h-0 flex-1 items-center justify-center">
          {src ? (
            <Picture
              key={src}
              src={src}
              alt={`${name}, image ${index + 1} of ${count}`}
              ladder="product"
              sizes={LIGHTBOX_SIZES}
              width={PRODUCT_IMAGE_SIZE.width}
              height={PRODUCT_IMAGE_SIZE.height}
              priority
              className={IMAGE}
            />
          ) : null}
        </div>
        {count > 1 ? <Arrows onMove={go} /> : null}
      </div>
    </Dialog>
  );
}

/** Below the image on phones; from md up, either side of it (the bar dissolves and each arrow is placed). */
function Arrows({ onMove }: { onMove: (move: 'next' | 'prev') => void }) {
  return (
    <div className="flex h-16 shrink-0 items-center justify-center gap-16 md:contents">
      <button
        type="button"
        aria-label="Previous image"
        onClick={() => onMove('prev')}
        className={`${BUTTON} md:absolute md:left-6 md:top-1/2 md:-translate-y-1/2`}
      >
        <ChevronLeftIcon className="h-6 w-6" />
      </button>
      <button
        type="button"
        aria-label="Next image"
        onClick={() => onMove('next')}
        className={`${BUTTON} md:absolute md:right-6 md:top-1/2 md:-translate-y-1/2`}
      >
        <ChevronRightIcon className="h-6 w-6" />
      </button>
    </div>
  );
}
