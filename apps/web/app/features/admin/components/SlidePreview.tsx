// The slide as the home page's slider shows it, at a phone's width (375 px, its mobile image) and a desktop's
// (1440 px, its desktop image), each drawn at full size and scaled down, so the text wraps as it will in the shop.
// On a narrow screen a frame is scaled down further to fit the width there is.
// The classes copy the slider's (features/catalogue/slider/HeroSlider.tsx): the back office may not import the
// shop's modules, and its stylesheet only sees classes written in its own files.
import { useEffect, useRef, useState } from 'react';

interface PreviewSlide {
  title: string;
  subtitle: string;
  cta: string;
  image: string | null;
}

interface Frame {
  label: string;
  width: number;
  height: number;
  scale: number;
  /** The slider's phone or desktop type sizes (its `sm:` variants apply from 640 px). */
  wide: boolean;
}

const PHONE: Frame = { label: 'Phone, 375 px wide', width: 375, height: 500, scale: 0.56, wide: false };
const DESKTOP: Frame = { label: 'Desktop, 1440 px wide', width: 1440, height: 720, scale: 0.3, wide: true };

/** The element's content width, followed as it changes; null until measured (or without ResizeObserver). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? null));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

function Scaled({ frame: full, slide, room }: { frame: Frame; slide: PreviewSlide; room: number | null }) {
  const frame = room ? { ...full, scale: Math.min(full.scale, room / full.width) } : full;
  return (
    <figure className="flex flex-col gap-1">
      <div
        className="overflow-hidden rounded-lg border border-black/10"
        style={{ width: frame.width * frame.scale, height: frame.height * frame.scale }}
      >
        <div
          className="relative origin-top-left overflow-hidden bg-neutral-900"
          style={{ width: frame.width, height: frame.height, transform: `scale(${frame.scale})` }}
        >
          {slide.image ? (
            <img src={slide.image} alt="" className="h-full w-full object-cover" />
          ) : (
            <div className="flex h-full w-full items-center justify-center bg-neutral-800 text-lg font-semibold text-neutral-300">
              No image: the shop shows its placeholder
            </div>
          )}
          <div className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/20 to-transparent" />
          <div
            className={`absolute inset-x-0 mx-auto max-w-7xl px-6 text-white ${frame.wide ? 'bottom-16' : 'bottom-14'}`}
          >
            <p
              className={`max-w-2xl font-black tracking-tight drop-shadow ${frame.wide ? 'text-5xl' : 'text-3xl'}`}
            >
              {slide.title || 'Title'}
            </p>
            {slide.subtitle ? (
              <p
                className={`mt-3 max-w-xl text-white/90 drop-shadow ${frame.wide ? 'text-lg' : 'text-base'}`}
              >
                {slide.subtitle}
              </p>
            ) : null}
            {slide.cta ? (
              <span className="mt-6 inline-flex items-center rounded-full bg-white px-6 py-3 text-sm font-bold uppercase tracking-wide text-ink shadow">
                {slide.cta}
              </span>
            ) : null}
          </div>
        </div>
      </div>
      <figcaption className="text-sm text-neutral-600">{frame.label}</figcaption>
    </figure>
  );
}

/** `mobile` falls back to `desktop` and the other way round, as the shop's picture element does. */
export function SlidePreview({
  title,
  subtitle,
  cta,
  desktop,
  mobile,
}: Omit<PreviewSlide, 'image'> & { desktop: string | null; mobile: string | null }) {
  const text = { title, subtitle, cta };
  const [ref, room] = useWidth<HTMLElement>();
  return (
    <section ref={ref} aria-label="Preview" className="flex flex-wrap items-start gap-4">
      <Scaled frame={PHONE} slide={{ ...text, image: mobile ?? desktop }} room={room} />
      <Scaled frame={DESKTOP} slide={{ ...text, image: desktop ?? mobile }} room={room} />
    </section>
  );
}
