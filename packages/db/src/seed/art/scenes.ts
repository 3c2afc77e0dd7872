// Hero slide artwork and collection thumbnails, composed from the garment mock-ups. The slide title, subtitle and
// button are rendered by the storefront over the image, so the artwork darkens the area under them: the left side
// on desktop, the bottom on mobile. Everything in the artwork that must stay whole sits inside the area every
// supported window shows (heroSafeArea).
import { type GarmentType, MOBILE_BREAKPOINT_PX } from '@rangrez/contract/rules';
import { GARMENT_ART_HEIGHT, GARMENT_ART_WIDTH, garmentArt } from './garments.ts';
import { el, fitSize, MONO, n, SANS, svgDocument, textWidth } from './svg.ts';
import type { ThemeName } from './themes.ts';

export const SLIDE_DESKTOP = { width: 1920, height: 840 } as const;
export const SLIDE_MOBILE = { width: 800, height: 1000 } as const;
export const THUMBNAIL = { width: 800, height: 800 } as const;

export interface SceneGarment {
  garmentType: GarmentType;
  hex: string;
  design: ThemeName;
}

export interface SlideTheme {
  /** Background, a deeper shade for the stripes, and a bright accent. */
  background: string;
  deep: string;
  accent: string;
  /** Giant outlined word in the background. */
  word: string;
  garments: readonly SceneGarment[];
}

function placeGarment(
  g: SceneGarment,
  id: string,
  x: number,
  y: number,
  height: number,
  rotate: number,
): { defs: string; body: string } {
  const art = garmentArt({ ...g, view: 'front' }, id, false);
  const scale = height / GARMENT_ART_HEIGHT;
  const w = GARMENT_ART_WIDTH * scale;
  return {
    defs: art.defs,
    body: el(
      'g',
      {
        transform: `translate(${n(x - w / 2)} ${n(y)}) rotate(${rotate} ${n(w / 2)} ${n(height / 2)}) scale(${n(scale)})`,
      },
      art.body,
    ),
  };
}

function halftone(id: string, colour: string): string {
  return el(
    'pattern',
    { id, width: 22, height: 22, patternUnits: 'userSpaceOnUse' },
    el('circle', { cx: 6, cy: 6, r: 3.2, fill: colour, fillOpacity: 0.35 }) +
      el('circle', { cx: 17, cy: 17, r: 3.2, fill: colour, fillOpacity: 0.35 }),
  );
}

function backdrop(
  theme: SlideTheme,
  w: number,
  h: number,
  sun: { cx: number; cy: number; r: number },
): { defs: string; body: string } {
  const defs = halftone('dots', theme.accent);
  let body = el('rect', { width: w, height: h, fill: theme.background });
  // Diagonal band of deeper colour and a halftone patch: the poster look of streetwear drops.
  body += el('path', {
    d: `M${n(w * 0.42)} 0L${n(w * 0.78)} 0L${n(w * 0.56)} ${h}L${n(w * 0.2)} ${h}Z`,
    fill: theme.deep,
  });
  body += el('rect', { x: w * 0.62, y: 0, width: w * 0.38, height: h * 0.55, fill: 'url(#dots)' });
  body += el('circle', { cx: sun.cx, cy: sun.cy, r: sun.r, fill: theme.accent });
  for (let i = 0; i < 4; i++) {
    body += el('rect', {
      x: sun.cx - sun.r,
      y: sun.cy + sun.r * (0.2 + i * 0.2),
      width: sun.r * 2,
      height: 6 + i * 5,
      fill: theme.background,
    });
  }
  return { defs, body };
}

// ---------------------------------------------------------------- what survives the storefront's crop

/**
 * The window sizes (CSS px) the hero must read at, from small phones to full HD. The storefront shows the slide
 * in a box 100vw wide and 60vh tall (80vh from 1024 px), with object-fit: cover centred, and the mobile artwork up
 * to MOBILE_BREAKPOINT_PX (apps/web/app/features/catalogue/slider/HeroSlider.tsx): each size crops the artwork
 * differently, and the art keeps its text and garments inside what every one of them shows.
 */
export const HERO_VIEWPORTS: readonly (readonly [number, number])[] = [
  [360, 640],
  [360, 800],
  [375, 667],
  [390, 844],
  [412, 915],
  [768, 1024],
  [820, 1180],
  [1024, 768],
  [1280, 600],
  [1280, 720],
  [1366, 657],
  [1440, 900],
  [1536, 864],
  [1920, 960],
  [1920, 1200],
];

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The part of a `art` picture that a `width` x `height` window shows in the hero box, in the art's pixels. */
export function visibleArea(
  art: { width: number; height: number },
  [width, height]: readonly [number, number],
): Box {
  const boxRatio = width / (height * (width >= 1024 ? 0.8 : 0.6));
  const artRatio = art.width / art.height;
  if (boxRatio >= artRatio) {
    const visible = (art.height * artRatio) / boxRatio;
    return { x0: 0, y0: (art.height - visible) / 2, x1: art.width, y1: (art.height + visible) / 2 };
  }
  const visible = (art.width * boxRatio) / artRatio;
  return { x0: (art.width - visible) / 2, y0: 0, x1: (art.width + visible) / 2, y1: art.height };
}

/** What every hero viewport that shows this variant's artwork keeps of it. */
export function heroSafeArea(variant: 'desktop' | 'mobile'): Box {
  const art = variant === 'desktop' ? SLIDE_DESKTOP : SLIDE_MOBILE;
  const shown = HERO_VIEWPORTS.filter(([w]) => (variant === 'mobile') === w <= MOBILE_BREAKPOINT_PX);
  return shown
    .map((viewport) => visibleArea(art, viewport))
    .reduce((a, b) => ({
      x0: Math.max(a.x0, b.x0),
      y0: Math.max(a.y0, b.y0),
      x1: Math.min(a.x1, b.x1),
      y1: Math.min(a.y1, b.y1),
    }));
}

/** A line of text in a slide: centred on x, baseline y, with its measured box. */
export interface SlideText {
  content: string;
  x: number;
  y: number;
  size: number;
  letterSpacing: number;
  box: Box;
}

function slideText(
  content: string,
  x: number,
  y: number,
  maxSize: number,
  maxWidth: number,
  letterSpacing: number,
): SlideText {
  const size = fitSize(content, maxSize, maxWidth, letterSpacing);
  const half = textWidth(content, size, letterSpacing) / 2;
  // Capitals rise about 0.73 em above the baseline; the outline's stroke adds a few pixels all round.
  return {
    content,
    x,
    y,
    size,
    letterSpacing,
    box: { x0: x - half - 4, y0: y - size * 0.8 - 4, x1: x + half + 4, y1: y + 4 },
  };
}

/** A garment placed in a slide: its centre x, top y, height and tilt, with the box it covers once tilted. */
export interface SlideGarment {
  x: number;
  y: number;
  height: number;
  rotate: number;
  box: Box;
}

function slideGarment(x: number, y: number, height: number, rotate: number): SlideGarment {
  const w = GARMENT_ART_WIDTH * (height / GARMENT_ART_HEIGHT);
  const a = (Math.abs(rotate) * Math.PI) / 180;
  const halfW = (w / 2) * Math.cos(a) + (height / 2) * Math.sin(a);
  const halfH = (height / 2) * Math.cos(a) + (w / 2) * Math.sin(a);
  const cy = y + height / 2;
  return { x, y, height, rotate, box: { x0: x - halfW, y0: cy - halfH, x1: x + halfW, y1: cy + halfH } };
}

/**
 * Where a slide's garments and words go: inside heroSafeArea, so no crop cuts them, with the words at the top,
 * clear of the title the storefront writes over the bottom of the slide. The first text is the big outlined word.
 */
export function slideLayout(
  variant: 'desktop' | 'mobile',
  word: string,
): { texts: SlideText[]; garments: SlideGarment[] } {
  const safe = heroSafeArea(variant);
  const cx = (safe.x0 + safe.x1) / 2;
  const width = safe.x1 - safe.x0;
  if (variant === 'desktop') {
    const top = safe.y0 + 190;
    const height = safe.y1 - top - 20;
    return {
      texts: [
        slideText(word, cx, safe.y0 + 150, 120, width - 40, 6),
        slideText('RANGREZ / STREET', cx, safe.y0 + 40, 24, width - 40, 8),
      ],
      garments: [
        slideGarment(cx - 260, top + 20, height - 20, -4),
        slideGarment(cx + 260, top + 30, height - 30, 4),
        slideGarment(cx, top, height, 1),
      ],
    };
  }
  const top = safe.y0 + 140;
  const height = safe.y1 - top - 20;
  return {
    texts: [slideText(word, cx, safe.y0 + 110, 120, width - 40, 6)],
    garments: [slideGarment(cx - 160, top + 20, height - 20, -4), slideGarment(cx + 160, top, height, 4)],
  };
}

function drawText(t: SlideText, fill: string, outlined: boolean): string {
  const paint = outlined ? { fill: 'none', stroke: fill, strokeWidth: 4, strokeOpacity: 0.55 } : { fill };
  return el(
    'text',
    {
      x: t.x,
      y: t.y,
      fontSize: t.size,
      fontFamily: outlined ? SANS : MONO,
      fontWeight: 'bold',
      textAnchor: 'middle',
      letterSpacing: t.letterSpacing,
      ...paint,
    },
    t.content.replace(/&/g, '&amp;').replace(/</g, '&lt;'),
  );
}

function slideSvg(theme: SlideTheme, variant: 'desktop' | 'mobile'): string {
  const { width: w, height: h } = variant === 'desktop' ? SLIDE_DESKTOP : SLIDE_MOBILE;
  const layout = slideLayout(variant, theme.word);
  const sun =
    variant === 'desktop' ? { cx: w * 0.5, cy: h * 0.55, r: 250 } : { cx: w * 0.5, cy: h * 0.55, r: 230 };
  const bg = backdrop(theme, w, h, sun);
  const defs = [bg.defs];
  const [word, ...labels] = layout.texts;
  let body = bg.body + (word ? drawText(word, theme.accent, true) : '');
  // The middle garment (the last placed) is the centre-piece: drawn last so it overlaps its neighbours.
  layout.garments.forEach((spot, i) => {
    const g = theme.garments[i];
    if (!g) return;
    const placed = placeGarment(g, `s${i}`, spot.x, spot.y, spot.height, spot.rotate);
    defs.push(placed.defs);
    body += placed.body;
  });
  // Darken where the storefront writes the slide's title (the left on desktop, the bottom on phones).
  defs.push(
    variant === 'desktop'
      ? el(
          'linearGradient',
          { id: 'shade', x1: 0, y1: 0, x2: 1, y2: 0 },
          el('stop', { offset: 0, stopColor: '#000000', stopOpacity: 0.55 }) +
            el('stop', { offset: 0.45, stopColor: '#000000', stopOpacity: 0 }),
        )
      : el(
          'linearGradient',
          { id: 'shade', x1: 0, y1: 0, x2: 0, y2: 1 },
          el('stop', { offset: 0.5, stopColor: '#000000', stopOpacity: 0 }) +
            el('stop', { offset: 1, stopColor: '#000000', stopOpacity: 0.6 }),
        ),
  );
  body += el('rect', { width: w, height: h, fill: 'url(#shade)' });
  body += labels.map((t) => drawText(t, theme.accent, false)).join('');
  return svgDocument(w, h, body, defs.join(''));
}

export function slideDesktopSvg(theme: SlideTheme): string {
  return slideSvg(theme, 'desktop');
}

export function slideMobileSvg(theme: SlideTheme): string {
  return slideSvg(theme, 'mobile');
}

export interface ThumbnailTheme {
  background: string;
  accent: string;
  garment: SceneGarment;
  /** Small corner badge, e.g. 'NEW'. */
  badge?: string;
}

export function thumbnailSvg(theme: ThumbnailTheme): string {
  const { width: w, height: h } = THUMBNAIL;
  const placed = placeGarment(theme.garment, 't', w / 2, 40, 720, 0);
  let body = el('rect', { width: w, height: h, fill: theme.background });
  body += el('circle', { cx: w / 2, cy: h * 0.5, r: 300, fill: theme.accent, fillOpacity: 0.35 });
  body += placed.body;
  if (theme.badge) {
    body += el('rect', { x: 560, y: 36, width: 200, height: 72, rx: 36, fill: theme.accent });
    body += el(
      'text',
      {
        x: 660,
        y: 84,
        fontSize: 36,
        fontFamily: SANS,
        fontWeight: 'bold',
        textAnchor: 'middle',
        fill: '#111111',
        letterSpacing: 4,
      },
      theme.badge,
    );
  }
  return svgDocument(w, h, body, placed.defs);
}
