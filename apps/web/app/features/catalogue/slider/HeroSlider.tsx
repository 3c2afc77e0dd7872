// Home hero slider (docs/product/screens.md#home, docs/product/rules.md#hero-slider). Slides come
// server-rendered, so the first slide's image is the page's LCP: eager, fetchpriority high. The rules live in
// slider-state.ts; this file wires them to time, keys, touches and the impression/click counters.
import { SLIDER_MESSAGES } from '@rangrez/contract/rules/catalogue-messages';
import { SLIDER_AUTO_ADVANCE_MS, MOBILE_BREAKPOINT_PX } from '@rangrez/contract/rules/constants';
import type { Slide } from '@rangrez/contract/schemas';
import { type KeyboardEvent, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Picture } from '../../../components/Picture';
import { useBrokenImage } from '../../../components/useBrokenImage';
import { api } from '../../../lib/api';
import { useHydrated } from '../../../lib/hydrated';
import { ctaAction, initialSliderState, keyToSliderMove, sliderReducer, swipeMove } from './slider-state';

/** Intrinsic sizes of slide artwork (desktop banner, mobile portrait); the box itself is fixed at 60/80vh. */
const DESKTOP = { width: 1920, height: 840 };
const MOBILE = { width: 800, height: 1000 };
const BOX = 'h-[60vh] lg:h-[80vh]';

function track(slideId: string, kind: 'impression' | 'click') {
  // Counter failures are only logged.
  api(`/slider/${encodeURIComponent(slideId)}/${kind}`, {
    method: 'POST',
    auth: false,
    keepalive: kind === 'click',
  }).catch((err: unknown) => console.warn(`slider ${kind} not recorded`, err));
}

export function SliderSkeleton() {
  return (
    <div
      role="status"
      className={`${BOX} flex w-full animate-pulse items-center justify-center bg-neutral-200`}
    >
      <span className="text-sm font-semibold text-neutral-500">{SLIDER_MESSAGES.loading}</span>
    </div>
  );
}

export function HeroSlider({ slides }: { slides: Slide[] }) {
  const [state, dispatch] = useReducer(sliderReducer, initialSliderState);
  const [paused, setPaused] = useState(false);
  // The other slides' images wait for the slider to work (after hydration): until then nobody can reach them,
  // and their downloads would compete with the first slide's, the page's largest image.
  const canMove = useHydrated();
  const count = slides.length;
  const touchStartX = useRef<number | null>(null);
  const seen = useRef(new Set<string>());

  const move = useCallback((type: 'next' | 'prev') => dispatch({ type, count, now: Date.now() }), [count]);
  const goTo = useCallback(
    (index: number) => dispatch({ type: 'goTo', index, count, now: Date.now() }),
    [count],
  );

  // Auto-advance 8000 ms after the last change, whoever made it; not while the shopper is on the slider.
  useEffect(() => {
    if (count <= 1 || paused) return;
    const timer = setTimeout(() => move('next'), SLIDER_AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [state.index, paused, count, move]);

  // One impression per slide per page view, when it is shown.
  useEffect(() => {
    const slide = slides[state.index];
    if (!slide || seen.current.has(slide.id)) return;
    seen.current.add(slide.id);
    track(slide.id, 'impression');
  }, [state.index, slides]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const direction = keyToSliderMove(event.key);
    if (!direction) return;
    event.preventDefault();
    move(direction);
  }

  if (count === 0) return null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured drops"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onTouchStart={(event) => {
        touchStartX.current = event.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(event) => {
        const start = touchStartX.current;
        const end = event.changedTouches[0]?.clientX;
        touchStartX.current = null;
        if (start === null || end === undefined) return;
        const direction = swipeMove(start, end);
        if (direction) move(direction);
      }}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setPaused(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') setPaused(false);
      }}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
      className={`relative ${BOX} w-full overflow-hidden bg-neutral-900 focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-accent`}
    >
      {slides.map((slide, i) => {
        const active = i === state.index;
        const leaving = i === state.previous && !active;
        const motion = state.direction === 1 ? 'next' : 'prev';
        const animation =
          state.direction === 0
            ? ''
            : active
              ? `slide-enter-${motion}`
              : leaving
                ? `slide-exit-${motion}`
                : '';
        return (
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={!active}
            inert={!active}
            className={`absolute inset-0 ${active ? 'z-10' : leaving ? 'z-0' : 'invisible'} ${animation}`}
          >
            {i === 0 || canMove ? <SlideImage slide={slide} priority={i === 0} /> : null}
            <div className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/20 to-transparent" />
            <div className="absolute inset-x-0 bottom-14 mx-auto max-w-7xl px-6 text-white sm:bottom-16">
              <h2 className="max-w-2xl text-3xl font-black tracking-tight drop-shadow sm:text-5xl">
                {slide.title}
              </h2>
              {slide.subtitle ? (
                <p className="mt-3 max-w-xl text-base text-white/90 drop-shadow sm:text-lg">
                  {slide.subtitle}
                </p>
              ) : null}
              <SlideCta slide={slide} />
            </div>
          </div>
        );
      })}
      {count > 1 ? (
        <div className="absolute inset-x-0 bottom-4 z-20 flex justify-center gap-2">
          {slides.map((slide, i) => (
            <button
              key={slide.id}
              type="button"
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === state.index ? 'true' : undefined}
              onClick={() => goTo(i)}
              className="flex h-6 w-6 items-center justify-center"
            >
              <span
                className={`block h-2.5 rounded-full transition-all ${i === state.index ? 'w-6 bg-white' : 'w-2.5 bg-white/50'}`}
              />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

function SlideImage({ slide, priority }: { slide: Slide; priority: boolean }) {
  const { broken, ref, onError } = useBrokenImage();
  if (broken) {
    return (
      <div className="flex h-full w-full items-center justify-center bg-neutral-800 text-lg font-semibold text-neutral-300">
        {SLIDER_MESSAGES.imageNotFound}
      </div>
    );
  }
  return (
    <Picture
      imgRef={ref}
      onError={onError}
      src={slide.desktop}
      alt={slide.title}
      ladder="slideDesktop"
      sizes="100vw"
      width={DESKTOP.width}
      height={DESKTOP.height}
      priority={priority}
      // The server cannot know the window width: media queries pick the phone artwork before any script runs.
      artDirection={{
        media: `(max-width: ${MOBILE_BREAKPOINT_PX}px)`,
        src: slide.mobile,
        ladder: 'slideMobile',
        width: MOBILE.width,
        height: MOBILE.height,
      }}
      className="h-full w-full object-cover"
    />
  );
}

const CTA_CLASS =
  'mt-6 inline-flex items-center rounded-full bg-white px-6 py-3 text-sm font-bold uppercase tracking-wide text-ink shadow hover:bg-accent hover:text-white';

function SlideCta({ slide }: { slide: Slide }) {
  if (!slide.cta) return null;
  const action = ctaAction(slide.ctaLink);
  const onClick = () => track(slide.id, 'click');
  if (action.kind === 'external') {
    return (
      <a href={action.href} target="_blank" rel="noopener noreferrer" onClick={onClick} className={CTA_CLASS}>
        {slide.cta}
      </a>
    );
  }
  if (action.kind === 'internal') {
    return (
      <Link to={action.to} onClick={onClick} className={CTA_CLASS}>
        {slide.cta}
      </Link>
    );
  }
  return (
    <button type="button" onClick={onClick} className={CTA_CLASS}>
      {slide.cta}
    </button>
  );
}
