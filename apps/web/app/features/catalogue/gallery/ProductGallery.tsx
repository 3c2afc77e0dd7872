// Product image gallery (docs/product/screens.md#product-page): main image with arrows, dots, counter and
// swipe (50 px), thumbnails, and a full-screen lightbox loaded on first use.
import { Suspense, lazy, useState } from 'react';
import { DEFAULT_PRODUCT_IMAGE, Picture } from '../../../components/Picture';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons';
import { useBrokenImage } from '../../../components/useBrokenImage';
import { PRODUCT_IMAGE_SIZE, gallerySwipe, imageCounter, nextImage, previousImage } from './gallery-state';

const Lightbox = lazy(() => import('./Lightbox').then((m) => ({ default: m.Lightbox })));

const ARROW =
  'absolute top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow ring-1 ring-black/10 hover:bg-white';

export function ProductGallery({
  images,
  name,
  busy = false,
}: {
  images: string[];
  name: string;
  busy?: boolean;
}) {
  const [index, setIndex] = useState(0);
  const [lightbox, setLightbox] = useState(false);
  const [touchX, setTouchX] = useState<number | null>(null);
  // A new image list (another colour) starts from its first picture.
  const [shown, setShown] = useState(images);
  if (shown !== images) {
    setShown(images);
    setIndex(0);
  }
  const count = images.length;
  const current = images[Math.min(index, count - 1)] ?? DEFAULT_PRODUCT_IMAGE;

  return (
    <div aria-busy={busy || undefined}>
      <div
        className="relative aspect-[4/5] overflow-hidden rounded-xl bg-neutral-100"
        onTouchStart={(event) => setTouchX(event.touches[0]?.clientX ?? null)}
        onTouchEnd={(event) => {
          const end = event.changedTouches[0]?.clientX;
          if (touchX === null || end === undefined) return;
          const move = gallerySwipe(touchX, end);
          if (move) setIndex(move === 'next' ? nextImage(index, count) : previousImage(index, count));
          setTouchX(null);
        }}
      >
        <button
          type="button"
          onClick={() => setLightbox(true)}
          aria-label={`Open image ${index + 1} of ${count} full screen`}
          className="block h-full w-full cursor-zoom-in"
        >
          <MainImage
            key={current}
            src={current}
            alt={`${name}, image ${index + 1} of ${count}`}
            priority={index === 0}
          />
        </button>
        {count > 1 ? (
          <>
            <button
              type="button"
              aria-label="Previous image"
              onClick={() => setIndex(previousImage(index, count))}
              className={`${ARROW} left-3`}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              aria-label="Next image"
              onClick={() => setIndex(nextImage(index, count))}
              className={`${ARROW} right-3`}
            >
              <ChevronRightIcon />
            </button>
            <p
              aria-live="polite"
              className="absolute right-3 top-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white"
            >
              {imageCounter(index, count)}
            </p>
            <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1">
              {images.map((src, i) => (
                <button
                  key={src}
                  type="button"
                  aria-label={`Show image ${i + 1}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                  className="flex h-6 w-6 items-center justify-center"
                >
                  <span
                    className={`block h-2 rounded-full transition-all ${i === index ? 'w-5 bg-ink' : 'w-2 bg-black/30'}`}
                  />
                </button>
              ))}
            </div>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="no-scrollbar mt-3 flex gap-2 overflow-x-auto" aria-label="Thumbnails">
          {images.map((src, i) => (
            <li key={src} className="shrink-0">
              <button
                type="button"
                aria-label={`Show image ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
                className={`block overflow-hidden rounded-lg ring-2 ${i === index ? 'ring-ink' : 'ring-transparent hover:ring-black/20'}`}
              >
                <Picture
                  src={src}
                  alt=""
                  ladder="product"
                  sizes="64px"
                  width={64}
                  height={80}
                  className="h-20 w-16 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {lightbox ? (
        <Suspense fallback={null}>
          <Lightbox
            images={images}
            index={index}
            onIndex={setIndex}
            onClose={() => setLightbox(false)}
            name={name}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function MainImage({ src, alt, priority }: { src: string; alt: string; priority: boolean }) {
  const { broken, ref, onError } = useBrokenImage();
  if (broken) {
    return (
      <img
        src={DEFAULT_PRODUCT_IMAGE}
        alt={alt}
        width={400}
        height={500}
        className="h-full w-full object-cover"
      />
    );
  }
  return (
    <Picture
      imgRef={ref}
      onError={onError}
      src={src}
      alt={alt}
      ladder="product"
      sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
      width={PRODUCT_IMAGE_SIZE.width}
      height={PRODUCT_IMAGE_SIZE.height}
      priority={priority}
      className="h-full w-full object-cover"
    />
  );
}
