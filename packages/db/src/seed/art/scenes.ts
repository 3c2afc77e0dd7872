// Hero slide artwork and collection thumbnails, composed from the garment mock-ups. The slide title, subtitle and
// button are rendered by the storefront over the image, so the artwork keeps a calm area for them: the left side
// on desktop, the bottom on mobile.
import type { GarmentType } from '@rangrez/contract/rules';
import type { DesignId } from './designs.ts';
import { GARMENT_ART_HEIGHT, GARMENT_ART_WIDTH, garmentArt } from './garments.ts';
import { el, MONO, n, SANS, svgDocument } from './svg.ts';

export const SLIDE_DESKTOP = { width: 1920, height: 840 } as const;
export const SLIDE_MOBILE = { width: 800, height: 1000 } as const;
export const THUMBNAIL = { width: 800, height: 800 } as const;

export interface SceneGarment {
  garmentType: GarmentType;
  hex: string;
  design: DesignId;
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

function outlinedWord(word: string, x: number, y: number, size: number, colour: string): string {
  return el(
    'text',
    {
      x,
      y,
      fontSize: size,
      fontFamily: SANS,
      fontWeight: 'bold',
      textAnchor: 'middle',
      fill: 'none',
      stroke: colour,
      strokeWidth: 4,
      strokeOpacity: 0.55,
      letterSpacing: 6,
    },
    word.replace(/&/g, '&amp;').replace(/</g, '&lt;'),
  );
}

export function slideDesktopSvg(theme: SlideTheme): string {
  const { width: w, height: h } = SLIDE_DESKTOP;
  const bg = backdrop(theme, w, h, { cx: w * 0.7, cy: h * 0.42, r: 250 });
  const defs = [bg.defs];
  let body = bg.body + outlinedWord(theme.word, w * 0.5, h * 0.98, 330, theme.accent);
  const spots = [
    { x: w * 0.55, y: 150, height: 600, rotate: -7 },
    { x: w * 0.89, y: 170, height: 580, rotate: 7 },
    { x: w * 0.72, y: 60, height: 720, rotate: 2 },
  ];
  // The third garment is the centre-piece: drawn last so it overlaps its neighbours.
  theme.garments.slice(0, 3).forEach((g, i) => {
    const spot = spots[i];
    if (!spot) return;
    const placed = placeGarment(g, `s${i}`, spot.x, spot.y, spot.height, spot.rotate);
    defs.push(placed.defs);
    body += placed.body;
  });
  // Darken the left third so light text stays legible over the art.
  defs.push(
    el(
      'linearGradient',
      { id: 'shade', x1: 0, y1: 0, x2: 1, y2: 0 },
      el('stop', { offset: 0, stopColor: '#000000', stopOpacity: 0.55 }) +
        el('stop', { offset: 0.45, stopColor: '#000000', stopOpacity: 0 }),
    ),
  );
  body += el('rect', { width: w, height: h, fill: 'url(#shade)' });
  body += el(
    'text',
    {
      x: 64,
      y: 72,
      fontSize: 26,
      fontFamily: MONO,
      fontWeight: 'bold',
      fill: theme.accent,
      letterSpacing: 8,
    },
    'RANGREZ / STREET',
  );
  return svgDocument(w, h, body, defs.join(''));
}

export function slideMobileSvg(theme: SlideTheme): string {
  const { width: w, height: h } = SLIDE_MOBILE;
  const bg = backdrop(theme, w, h, { cx: w * 0.5, cy: h * 0.3, r: 230 });
  const defs = [bg.defs];
  let body = bg.body + outlinedWord(theme.word, w * 0.5, h * 0.7, 170, theme.accent);
  const spots = [
    { x: w * 0.3, y: 90, height: 500, rotate: -6 },
    { x: w * 0.68, y: 60, height: 560, rotate: 5 },
  ];
  theme.garments.slice(0, 2).forEach((g, i) => {
    const spot = spots[i];
    if (!spot) return;
    const placed = placeGarment(g, `s${i}`, spot.x, spot.y, spot.height, spot.rotate);
    defs.push(placed.defs);
    body += placed.body;
  });
  defs.push(
    el(
      'linearGradient',
      { id: 'shade', x1: 0, y1: 0, x2: 0, y2: 1 },
      el('stop', { offset: 0.5, stopColor: '#000000', stopOpacity: 0 }) +
        el('stop', { offset: 1, stopColor: '#000000', stopOpacity: 0.6 }),
    ),
  );
  body += el('rect', { width: w, height: h, fill: 'url(#shade)' });
  return svgDocument(w, h, body, defs.join(''));
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
