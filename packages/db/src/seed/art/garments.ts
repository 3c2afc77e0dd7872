// Flat-lay garment mock-ups as SVG, one silhouette per garment type, in any colour of the colour table,
// with a printed design. Everything derives from a handful of key points per silhouette, so the outline,
// the seams, the contrast sleeves and the print placement always agree.
import type { GarmentType } from '@rangrez/contract/rules';
import { createRng } from '../prng.ts';
import { renderDesign } from './designs.ts';
import { type Point, el, luminance, mix, n, svgDocument } from './svg.ts';
import type { ThemeName } from './themes.ts';

export const GARMENT_ART_WIDTH = 1200;
export const GARMENT_ART_HEIGHT = 1500;
/** The four pictures of a colour: the garment front and back, the print close up, and on a hanger. */
export const GARMENT_VIEWS = ['front', 'back', 'closeup', 'scene'] as const;
export type GarmentView = (typeof GARMENT_VIEWS)[number];
type FlatView = 'front' | 'back';

const CX = GARMENT_ART_WIDTH / 2;
const BACKGROUND = '#f1eee9';

interface Silhouette {
  neckW: number;
  neckY: number;
  frontDrop: number;
  shoulder: Point;
  sleeveOuter: Point;
  sleeveInner: Point;
  underarm: Point;
  /** Control point of a curved (fitted) side seam. */
  waist?: Point;
  /** Corner of a straight side seam above a gathered waistband. */
  hip?: Point;
  hem: Point;
  hemCenterY: number;
  cuff: number;
  waistband: number;
  hood: boolean;
  zip: boolean;
  pocket: 'none' | 'kangaroo' | 'split' | 'welt';
  varsity: boolean;
  texture: 'none' | 'acid' | 'terry';
  /** Print placement: top of the 400 px design box and its scale, per view. */
  print: { front: { y: number; scale: number; dx: number }; back: { y: number; scale: number } };
}

type Shape = Omit<Silhouette, 'texture' | 'print' | 'hood' | 'zip' | 'pocket' | 'varsity'> &
  Partial<Pick<Silhouette, 'hood' | 'zip' | 'pocket' | 'varsity'>>;

function lift(shape: Shape, dy: number): Shape {
  const p = (pt: Point | undefined): Point | undefined => (pt ? [pt[0], pt[1] + dy] : undefined);
  return {
    ...shape,
    neckY: shape.neckY + dy,
    shoulder: p(shape.shoulder) as Point,
    sleeveOuter: p(shape.sleeveOuter) as Point,
    sleeveInner: p(shape.sleeveInner) as Point,
    underarm: p(shape.underarm) as Point,
    waist: p(shape.waist),
    hip: p(shape.hip),
    hem: p(shape.hem) as Point,
    hemCenterY: shape.hemCenterY + dy,
  };
}

const CLASSIC_TEE: Shape = {
  neckW: 80,
  neckY: 250,
  frontDrop: 70,
  shoulder: [238, 290],
  sleeveOuter: [384, 478],
  sleeveInner: [304, 556],
  underarm: [232, 474],
  waist: [205, 800],
  hem: [246, 1170],
  hemCenterY: 1178,
  cuff: 0,
  waistband: 0,
};

const OVERSIZED_TEE: Shape = {
  neckW: 94,
  neckY: 240,
  frontDrop: 68,
  shoulder: [318, 312],
  sleeveOuter: [486, 592],
  sleeveInner: [366, 684],
  underarm: [322, 560],
  hem: [330, 1250],
  hemCenterY: 1256,
  cuff: 0,
  waistband: 0,
};

const CROP_TOP: Shape = lift(
  {
    neckW: 82,
    neckY: 250,
    frontDrop: 66,
    shoulder: [240, 288],
    sleeveOuter: [372, 446],
    sleeveInner: [300, 512],
    underarm: [236, 460],
    hem: [252, 850],
    hemCenterY: 856,
    cuff: 0,
    waistband: 0,
  },
  140,
);

const SWEATSHIRT: Shape = {
  neckW: 88,
  neckY: 250,
  frontDrop: 62,
  shoulder: [288, 300],
  sleeveOuter: [446, 1096],
  sleeveInner: [354, 1128],
  underarm: [284, 526],
  hip: [290, 1142],
  hem: [272, 1232],
  hemCenterY: 1236,
  cuff: 72,
  waistband: 82,
};

const OVERSIZED_SWEATSHIRT: Shape = {
  neckW: 98,
  neckY: 242,
  frontDrop: 62,
  shoulder: [336, 330],
  sleeveOuter: [500, 1112],
  sleeveInner: [400, 1148],
  underarm: [336, 604],
  hip: [340, 1156],
  hem: [318, 1250],
  hemCenterY: 1254,
  cuff: 80,
  waistband: 86,
};

const CROP_HOODIE: Shape = {
  ...lift({ ...SWEATSHIRT, hip: [292, 842], hem: [276, 930], hemCenterY: 934, waistband: 76 }, 90),
  sleeveOuter: [446, 1196],
  sleeveInner: [354, 1228],
};

const VARSITY: Shape = {
  ...SWEATSHIRT,
  neckW: 92,
  frontDrop: 118,
  shoulder: [298, 304],
  sleeveOuter: [460, 1100],
  sleeveInner: [366, 1134],
  underarm: [294, 530],
  hip: [298, 1140],
  hem: [288, 1230],
};

const tee = { front: { y: 0, scale: 0.78, dx: 0 }, back: { y: 0, scale: 1.05 } };

function silhouette(type: GarmentType): Silhouette {
  const plainPrint = (shape: Shape, front: number, back: number, frontScale: number, backScale: number) => ({
    front: { y: shape.neckY + shape.frontDrop + front, scale: frontScale, dx: 0 },
    back: { y: shape.neckY + back, scale: backScale },
  });
  const make = (shape: Shape, texture: Silhouette['texture'], print: Silhouette['print']): Silhouette => ({
    hood: false,
    zip: false,
    pocket: 'none',
    varsity: false,
    ...shape,
    texture,
    print,
  });
  const hoodie = (shape: Shape, texture: Silhouette['texture'], pocket: Silhouette['pocket'] = 'kangaroo') =>
    make({ ...shape, hood: true, pocket }, texture, {
      front: { y: shape.neckY + 150, scale: 0.74, dx: 0 },
      back: { y: shape.neckY + 320, scale: 0.95 },
    });
  switch (type) {
    case 'Oversized T-shirt':
      return make(OVERSIZED_TEE, 'none', plainPrint(OVERSIZED_TEE, 70, 90, 0.9, 1.2));
    case 'Acid Wash Oversized T-shirt':
      return make(OVERSIZED_TEE, 'acid', plainPrint(OVERSIZED_TEE, 70, 90, 0.9, 1.2));
    case 'Terry Oversized T-shirt':
      return make(OVERSIZED_TEE, 'terry', plainPrint(OVERSIZED_TEE, 70, 90, 0.9, 1.2));
    case "Women's Classic T-shirt":
      return make(CLASSIC_TEE, 'none', plainPrint(CLASSIC_TEE, 60, 110, tee.front.scale, 0.95));
    case 'Crop Top':
      return make(CROP_TOP, 'none', plainPrint(CROP_TOP, 50, 90, 0.7, 0.85));
    case 'Sweatshirt':
      return make(SWEATSHIRT, 'none', plainPrint(SWEATSHIRT, 80, 110, 0.85, 1.0));
    case 'Oversized Sweatshirt':
      return make(OVERSIZED_SWEATSHIRT, 'none', plainPrint(OVERSIZED_SWEATSHIRT, 80, 110, 0.95, 1.15));
    case 'Hooded Sweatshirt':
      return hoodie(SWEATSHIRT, 'none');
    case 'Oversized Hooded Sweatshirt':
      return hoodie(OVERSIZED_SWEATSHIRT, 'none');
    case 'Acid Wash Hoodie':
      return hoodie(SWEATSHIRT, 'acid');
    case 'Zip Hoodie': {
      const s = hoodie({ ...SWEATSHIRT, zip: true }, 'none', 'split');
      return { ...s, print: { ...s.print, front: { y: SWEATSHIRT.neckY + 170, scale: 0.34, dx: 150 } } };
    }
    case 'Crop Hoodie': {
      const s = hoodie(CROP_HOODIE, 'none', 'none');
      return {
        ...s,
        print: {
          front: { ...s.print.front, scale: 0.66 },
          back: { y: CROP_HOODIE.neckY + 300, scale: 0.62 },
        },
      };
    }
    case 'Varsity Jacket':
      return make({ ...VARSITY, varsity: true, pocket: 'welt' }, 'none', {
        front: { y: VARSITY.neckY + 150, scale: 0.34, dx: 160 },
        back: { y: VARSITY.neckY + 110, scale: 1.0 },
      });
  }
}

// ---------------------------------------------------------------- geometry

const at = (p: Point): string => `${n(CX + p[0])} ${n(p[1])}`;
const atMirror = (p: Point): string => `${n(CX - p[0])} ${n(p[1])}`;

interface Seg {
  to: Point;
  /** Quadratic control point; a straight line when absent. */
  q?: Point;
}

/** The right half from the back-neck centre to the hem centre, then mirrored into a closed outline. */
function outlineSegments(s: Silhouette): { start: Point; segs: Seg[] } {
  const segs: Seg[] = [
    { to: [s.neckW, s.neckY], q: [s.neckW * 0.6, s.neckY - 12] },
    { to: s.shoulder, q: [(s.neckW + s.shoulder[0]) / 2, (s.neckY + s.shoulder[1]) / 2 - 6] },
    {
      to: s.sleeveOuter,
      q: [(s.shoulder[0] + s.sleeveOuter[0]) / 2 + 14, (s.shoulder[1] + s.sleeveOuter[1]) / 2 - 8],
    },
    { to: s.sleeveInner },
    {
      to: s.underarm,
      q: [(s.sleeveInner[0] + s.underarm[0]) / 2 + 6, (s.sleeveInner[1] + s.underarm[1]) / 2 + 10],
    },
  ];
  if (s.waist) segs.push({ to: s.hem, q: s.waist });
  else if (s.hip) segs.push({ to: s.hip }, { to: s.hem });
  else segs.push({ to: s.hem });
  segs.push({ to: [0, s.hemCenterY], q: [s.hem[0] * 0.5, s.hemCenterY + 2] });
  return { start: [0, s.neckY - 12], segs };
}

function closedPath(start: Point, segs: readonly Seg[]): string {
  let d = `M${at(start)}`;
  for (const seg of segs) d += seg.q ? `Q${at(seg.q)} ${at(seg.to)}` : `L${at(seg.to)}`;
  // Walk back up the left side: each segment reversed, x mirrored.
  for (let i = segs.length - 1; i >= 0; i--) {
    const seg = segs[i] as Seg;
    const from = i === 0 ? start : (segs[i - 1] as Seg).to;
    d += seg.q ? `Q${atMirror(seg.q)} ${atMirror(from)}` : `L${atMirror(from)}`;
  }
  return `${d}Z`;
}

function both(draw: (side: 1 | -1) => string): string {
  return draw(1) + draw(-1);
}

const P = (side: 1 | -1, p: Point): string => `${n(CX + side * p[0])} ${n(p[1])}`;

function lerp(a: Point, b: Point, t: number): Point {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

function towards(from: Point, to: Point, dist: number): Point {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const len = Math.hypot(dx, dy) || 1;
  return [from[0] + (dx / len) * dist, from[1] + (dy / len) * dist];
}

/** x of the side seam at height y (straight-line approximation, good enough for trims and pockets). */
function sideX(s: Silhouette, y: number): number {
  const pts: Point[] = [s.underarm, ...(s.hip ? [s.hip] : []), s.hem];
  for (let i = 0; i < pts.length - 1; i++) {
    const a = pts[i] as Point;
    const b = pts[i + 1] as Point;
    if (y >= a[1] && y <= b[1]) return a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1] || 1);
  }
  return s.hem[0];
}

// ---------------------------------------------------------------- parts

function sleevePath(s: Silhouette, side: 1 | -1): string {
  const top: Point = [
    (s.shoulder[0] + s.sleeveOuter[0]) / 2 + 14,
    (s.shoulder[1] + s.sleeveOuter[1]) / 2 - 8,
  ];
  const inner: Point = [
    (s.sleeveInner[0] + s.underarm[0]) / 2 + 6,
    (s.sleeveInner[1] + s.underarm[1]) / 2 + 10,
  ];
  const seam: Point = [s.underarm[0] - 14, (s.shoulder[1] + s.underarm[1]) / 2];
  return (
    `M${P(side, s.shoulder)}Q${P(side, top)} ${P(side, s.sleeveOuter)}L${P(side, s.sleeveInner)}` +
    `Q${P(side, inner)} ${P(side, s.underarm)}Q${P(side, seam)} ${P(side, s.shoulder)}Z`
  );
}

function cuffLine(s: Silhouette): { outer: Point; inner: Point } {
  return {
    outer: towards(s.sleeveOuter, s.shoulder, s.cuff),
    inner: towards(s.sleeveInner, s.underarm, s.cuff),
  };
}

function ribLines(from: Point, to: Point, toB: Point, fromB: Point, count: number, side: 1 | -1): string {
  let d = '';
  for (let i = 1; i < count; i++) {
    const t = i / count;
    d += `M${P(side, lerp(from, to, t))}L${P(side, lerp(fromB, toB, t))}`;
  }
  return d;
}

interface Palette {
  base: string;
  dark: string;
  deeper: string;
  line: string;
  light: string;
  contrast: string;
}

function paletteFor(hex: string): Palette {
  // The fabric is the swatch colour itself (docs/demo-catalogue.md#colours); on near-black, where nothing is
  // darker, trims and seams are drawn a little lighter instead.
  const base = hex;
  const dark = luminance(base) < 0.3;
  const black = luminance(base) < 0.02;
  return {
    base,
    dark: black ? mix(base, '#ffffff', 0.1) : mix(base, '#000000', 0.18),
    deeper: black ? mix(base, '#ffffff', 0.05) : mix(base, '#000000', dark ? 0.55 : 0.38),
    line: black ? mix(base, '#ffffff', 0.28) : dark ? mix(base, '#000000', 0.6) : mix(base, '#000000', 0.3),
    light: mix(base, '#ffffff', 0.25),
    contrast: luminance(base) > 0.55 ? '#1f1f22' : '#f3ede0',
  };
}

// ---------------------------------------------------------------- texture

function acidWash(seedKey: string, s: Silhouette): string {
  const rng = createRng(`acid:${seedKey}`);
  const paths: string[] = [];
  const top = s.neckY - 20;
  const bottom = Math.max(s.hemCenterY, s.sleeveOuter[1]) + 20;
  for (let i = 0; i < 70; i++) {
    let x = CX + rng.int(-520, 520);
    let y = rng.int(top, bottom);
    let angle = rng.next() * Math.PI * 2;
    let d = `M${n(x)} ${n(y)}`;
    const steps = rng.int(4, 9);
    for (let j = 0; j < steps; j++) {
      angle += (rng.next() - 0.5) * 1.6;
      const len = rng.int(40, 110);
      const mx = x + Math.cos(angle) * len * 0.5 + rng.int(-20, 20);
      const my = y + Math.sin(angle) * len * 0.5 + rng.int(-20, 20);
      x += Math.cos(angle) * len;
      y += Math.sin(angle) * len;
      d += `Q${n(mx)} ${n(my)} ${n(x)} ${n(y)}`;
    }
    const bleach = rng.chance(0.78);
    paths.push(
      el('path', {
        d,
        fill: 'none',
        stroke: bleach ? '#ffffff' : '#000000',
        strokeOpacity: bleach ? 0.05 + rng.next() * 0.14 : 0.06 + rng.next() * 0.08,
        strokeWidth: rng.int(6, 46),
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
      }),
    );
  }
  return paths.join('');
}

function terryPattern(id: string): string {
  return el(
    'pattern',
    { id, width: 14, height: 14, patternUnits: 'userSpaceOnUse' },
    el('circle', { cx: 3.5, cy: 3.5, r: 2.2, fill: '#000000', fillOpacity: 0.12 }) +
      el('circle', { cx: 10.5, cy: 10.5, r: 2.2, fill: '#000000', fillOpacity: 0.12 }) +
      el('circle', { cx: 10.5, cy: 3.5, r: 1.4, fill: '#ffffff', fillOpacity: 0.1 }) +
      el('circle', { cx: 3.5, cy: 10.5, r: 1.4, fill: '#ffffff', fillOpacity: 0.1 }),
  );
}

// ---------------------------------------------------------------- the mock-up

export interface GarmentArtOptions {
  garmentType: GarmentType;
  /** Swatch hex of the colour (the colour table). */
  hex: string;
  design: ThemeName;
  view: FlatView;
}

/** The mock-up on its own light background, as a complete SVG document. */
export function garmentSvg(options: GarmentArtOptions): string {
  const art = garmentArt(options, 'm', true);
  return svgDocument(GARMENT_ART_WIDTH, GARMENT_ART_HEIGHT, art.body, art.defs);
}

/** What sets a garment type's silhouette apart, as its pictures draw it (docs/demo-catalogue.md#silhouettes). */
export interface GarmentFeatures {
  /** Height of the back neck in the 1200 x 1500 picture, where a hanger holds the garment. */
  neckY: number;
  sleeves: 'short' | 'long';
  length: 'cropped' | 'full';
  hood: boolean;
  zip: boolean;
  pocket: Silhouette['pocket'];
  ribbedCuffs: boolean;
  ribbedHem: boolean;
  collar: 'crew' | 'rib-collar' | 'hood';
  snaps: boolean;
  texture: Silhouette['texture'];
}

// A body shorter than this from the neck to the hem is cropped (a regular tee measures about 930).
const CROPPED_BELOW = 750;

export function garmentFeatures(type: GarmentType): GarmentFeatures {
  const s = silhouette(type);
  return {
    neckY: s.neckY,
    sleeves: s.sleeveOuter[1] < s.underarm[1] + 200 ? 'short' : 'long',
    length: s.hemCenterY - s.neckY < CROPPED_BELOW ? 'cropped' : 'full',
    hood: s.hood,
    zip: s.zip,
    pocket: s.pocket,
    ribbedCuffs: s.cuff > 0,
    ribbedHem: s.waistband > 0,
    collar: s.hood ? 'hood' : s.varsity ? 'rib-collar' : 'crew',
    snaps: s.varsity,
    texture: s.texture,
  };
}

/** The fabric's own texture (acid wash or terry loops) over a `width` x `height` box, and its pattern defs. */
export function fabricTexture(
  type: GarmentType,
  seedKey: string,
  id: string,
): { defs: string; body: string } {
  const s = silhouette(type);
  if (s.texture === 'acid') return { defs: '', body: acidWash(seedKey, s) };
  if (s.texture === 'terry') {
    return {
      defs: terryPattern(`${id}-terry`),
      body: el('rect', { width: GARMENT_ART_WIDTH, height: GARMENT_ART_HEIGHT, fill: `url(#${id}-terry)` }),
    };
  }
  return { defs: '', body: '' };
}

/**
 * The mock-up as defs and body for composing into a larger picture (slides, thumbnails); `id` prefixes every
 * element id so several garments can share one document. Drawn in a 1200 x 1500 box.
 */
export function garmentArt(
  { garmentType, hex, design, view }: GarmentArtOptions,
  id: string,
  background: boolean,
): { defs: string; body: string } {
  const s = silhouette(garmentType);
  const pal = paletteFor(hex);
  const features = garmentFeatures(garmentType);
  const { start, segs } = outlineSegments(s);
  const outline = closedPath(start, segs);
  const defs: string[] = [];
  const body: string[] = [];
  const front = view === 'front';

  defs.push(outlineDefs(s, outline, id));
  if (background)
    body.push(el('rect', { width: GARMENT_ART_WIDTH, height: GARMENT_ART_HEIGHT, fill: `url(#${id}-bg)` }));
  // A soft contact shadow: two offset copies instead of a blur filter, which is slow to rasterise.
  body.push(el('path', { d: outline, fill: '#000000', fillOpacity: 0.05, transform: 'translate(10 16)' }));
  body.push(el('path', { d: outline, fill: '#000000', fillOpacity: 0.05, transform: 'translate(5 8)' }));
  // The hood sits behind the body in the front view.
  if (s.hood && front) body.push(hoodBehind(s, pal));
  body.push(el('path', { d: outline, fill: pal.base, 'data-part': 'body' }));

  // Everything painted on the fabric is clipped to the outline.
  const clipped: string[] = [];
  const texture = fabricTexture(garmentType, `${garmentType}:${hex}:${view}`, id);
  defs.push(texture.defs);
  clipped.push(texture.body);
  if (s.varsity) clipped.push(varsitySleeves(s, pal));
  const print = placedPrint(s, design, pal, front, id);
  defs.push(print.defs);
  clipped.push(print.body);
  clipped.push(
    part('ribbed-cuffs', cuffs(s, pal)),
    part(s.waistband > 0 ? 'ribbed-hem' : 'stitched-hem', hemFinish(s, pal)),
  );
  if (front) clipped.push(part(`${s.pocket}-pocket`, frontPocket(s, pal)));
  clipped.push(foldsAndLight(s, id));
  // The varsity sleeves already draw their armhole seams.
  if (!s.varsity) clipped.push(armholeSeams(s, pal));
  body.push(el('g', { clipPath: `url(#${id}-g)` }, clipped.join('')));

  // Neckline, hood, zip and buttons sit on top of the shading.
  body.push(front ? frontClosures(s, pal) : backNeck(s, pal, id));
  body.push(
    el('path', { d: outline, fill: 'none', stroke: pal.line, strokeWidth: 3, strokeLinejoin: 'round' }),
  );
  const root = {
    'data-garment': garmentType,
    'data-sleeves': features.sleeves,
    'data-length': features.length,
  };
  return { defs: defs.join(''), body: el('g', root, body.join('')) };
}

// ---------------------------------------------------------------- the body and its shading

/** The outline's clip path, the background and the two shading gradients (across the body and top to bottom). */
function outlineDefs(s: Silhouette, outline: string, id: string): string {
  return (
    el('clipPath', { id: `${id}-g` }, el('path', { d: outline })) +
    el(
      'radialGradient',
      { id: `${id}-bg`, cx: 0.5, cy: 0.42, r: 0.75 },
      el('stop', { offset: 0, stopColor: '#faf8f5' }) + el('stop', { offset: 1, stopColor: BACKGROUND }),
    ) +
    el(
      'linearGradient',
      {
        id: `${id}-side`,
        gradientUnits: 'userSpaceOnUse',
        x1: CX - s.underarm[0],
        y1: 0,
        x2: CX + s.underarm[0],
        y2: 0,
      },
      el('stop', { offset: 0, stopColor: '#000000', stopOpacity: 0.16 }) +
        el('stop', { offset: 0.2, stopColor: '#000000', stopOpacity: 0 }) +
        el('stop', { offset: 0.45, stopColor: '#ffffff', stopOpacity: 0.06 }) +
        el('stop', { offset: 0.8, stopColor: '#000000', stopOpacity: 0 }) +
        el('stop', { offset: 1, stopColor: '#000000', stopOpacity: 0.16 }),
    ) +
    el(
      'linearGradient',
      { id: `${id}-fall`, x1: 0, y1: 0, x2: 0, y2: 1 },
      el('stop', { offset: 0, stopColor: '#ffffff', stopOpacity: 0.12 }) +
        el('stop', { offset: 0.45, stopColor: '#ffffff', stopOpacity: 0 }) +
        el('stop', { offset: 1, stopColor: '#000000', stopOpacity: 0.14 }),
    )
  );
}

/** The inside of the hood, seen behind the neck in the front view. */
function hoodBehind(s: Silhouette, pal: Palette): string {
  const w = s.neckW;
  return el('path', {
    'data-part': 'hood',
    d:
      `M${P(-1, [w + 70, s.neckY + 40])}C${P(-1, [w + 80, s.neckY - 120])} ${P(-1, [w - 10, s.neckY - 240])} ${P(1, [0, s.neckY - 248])}` +
      `C${P(1, [w - 10, s.neckY - 240])} ${P(1, [w + 80, s.neckY - 120])} ${P(1, [w + 70, s.neckY + 40])}Z`,
    fill: pal.base,
    stroke: pal.line,
    strokeWidth: 3,
  });
}

/** Sleeves in the contrast colour, with their seams. */
function varsitySleeves(s: Silhouette, pal: Palette): string {
  const sleeveColour = pal.contrast;
  return (
    both((side) => el('path', { d: sleevePath(s, side), fill: sleeveColour })) +
    both((side) =>
      el('path', {
        d: sleevePath(s, side),
        fill: 'none',
        stroke: mix(sleeveColour, '#000000', 0.25),
        strokeWidth: 3,
      }),
    )
  );
}

/** The design at the silhouette's print placement for the view. */
function placedPrint(
  s: Silhouette,
  design: ThemeName,
  pal: Palette,
  front: boolean,
  id: string,
): { defs: string; body: string } {
  const place = front ? s.print.front : { ...s.print.back, dx: 0 };
  const size = 400 * place.scale;
  return renderDesign(
    design,
    pal.base,
    { x: CX + place.dx - size / 2, y: place.y, scale: place.scale },
    `${id}-p`,
  );
}

/** Folds at the armpits, the hem and the sleeves, then light across the body and down it. */
function foldsAndLight(s: Silhouette, id: string): string {
  const folds = [
    both(
      (side) =>
        `M${P(side, [s.underarm[0] - 10, s.underarm[1] + 30])}Q${P(side, [s.underarm[0] - 90, s.underarm[1] + 110])} ${P(side, [s.underarm[0] - 150, s.underarm[1] + 250])}`,
    ),
    both(
      (side) =>
        `M${P(side, [s.hem[0] - 30, s.hemCenterY - 120])}Q${P(side, [s.hem[0] * 0.6, s.hemCenterY - 180])} ${P(side, [s.hem[0] * 0.35, s.hemCenterY - 150])}`,
    ),
    both((side) => {
      const a = lerp(s.shoulder, s.sleeveOuter, 0.35);
      const b = lerp(s.underarm, s.sleeveInner, 0.45);
      return `M${P(side, a)}Q${P(side, lerp(a, b, 0.5))} ${P(side, lerp(b, a, 0.15))}`;
    }),
  ].join('');
  return (
    el('path', {
      d: folds,
      stroke: '#000000',
      strokeOpacity: 0.09,
      strokeWidth: 16,
      fill: 'none',
      strokeLinecap: 'round',
    }) +
    el('path', {
      d: folds,
      stroke: '#ffffff',
      strokeOpacity: 0.07,
      strokeWidth: 6,
      fill: 'none',
      strokeLinecap: 'round',
      transform: 'translate(-9 -6)',
    }) +
    el('rect', { width: GARMENT_ART_WIDTH, height: GARMENT_ART_HEIGHT, fill: `url(#${id}-side)` }) +
    el('rect', {
      x: 0,
      y: s.neckY - 20,
      width: GARMENT_ART_WIDTH,
      height: Math.max(s.hemCenterY, s.sleeveInner[1]) - s.neckY + 40,
      fill: `url(#${id}-fall)`,
    })
  );
}

/** Shoulder and armhole seams. */
function armholeSeams(s: Silhouette, pal: Palette): string {
  return both((side) => {
    const seam: Point = [s.underarm[0] - 14, (s.shoulder[1] + s.underarm[1]) / 2];
    return el('path', {
      d: `M${P(side, s.shoulder)}Q${P(side, seam)} ${P(side, s.underarm)}`,
      stroke: pal.line,
      strokeOpacity: 0.45,
      strokeWidth: 3,
      fill: 'none',
    });
  });
}

// ---------------------------------------------------------------- trims and pockets

const ribStroke = (pal: Palette) =>
  ({ stroke: pal.line, strokeOpacity: 0.35, strokeWidth: 2.5, fill: 'none' }) as const;
/** Rib trims are a shade darker than the body, except on a varsity jacket. */
const trimFill = (s: Silhouette, pal: Palette): string => (s.varsity ? pal.base : pal.dark);

/** Ribbed cuffs (a varsity jacket's with two contrast stripes); none on a tee. */
function cuffs(s: Silhouette, pal: Palette): string {
  if (s.cuff <= 0) return '';
  const { outer, inner } = cuffLine(s);
  let d =
    both((side) =>
      el('path', {
        d: `M${P(side, outer)}L${P(side, s.sleeveOuter)}L${P(side, s.sleeveInner)}L${P(side, inner)}Z`,
        fill: trimFill(s, pal),
      }),
    ) +
    both((side) =>
      el('path', { d: ribLines(outer, inner, s.sleeveInner, s.sleeveOuter, 12, side), ...ribStroke(pal) }),
    );
  if (s.varsity) {
    const stripe = (t: number) => {
      const a = lerp(outer, s.sleeveOuter, t);
      const b = lerp(inner, s.sleeveInner, t);
      return both((side) => `M${P(side, a)}L${P(side, b)}`);
    };
    d += el('path', { d: stripe(0.3) + stripe(0.55), stroke: pal.contrast, strokeWidth: 8, fill: 'none' });
  }
  return d;
}

/** The bottom edge: a ribbed waistband (with a varsity jacket's stripes), or a tee's twin-needle hems. */
function hemFinish(s: Silhouette, pal: Palette): string {
  if (s.waistband <= 0) {
    // Twin-needle hem of a tee.
    const y = s.hemCenterY - 22;
    return (
      el('path', {
        d: `M${n(CX - s.hem[0])} ${n(y)}L${n(CX + s.hem[0])} ${n(y)}M${n(CX - s.hem[0])} ${n(y + 8)}L${n(CX + s.hem[0])} ${n(y + 8)}`,
        stroke: pal.line,
        strokeOpacity: 0.35,
        strokeWidth: 2,
        strokeDasharray: '7 5',
      }) +
      both((side) => {
        const a = towards(s.sleeveOuter, s.shoulder, 22);
        const b = towards(s.sleeveInner, s.underarm, 22);
        return el('path', {
          d: `M${P(side, a)}L${P(side, b)}`,
          stroke: pal.line,
          strokeOpacity: 0.35,
          strokeWidth: 2,
          strokeDasharray: '7 5',
        });
      })
    );
  }
  const y0 = s.hemCenterY - s.waistband;
  const x0 = sideX(s, y0) + 4;
  const band = `M${n(CX - x0)} ${n(y0)}L${n(CX + x0)} ${n(y0)}L${n(CX + s.hem[0])} ${n(s.hem[1])}L${n(CX - s.hem[0])} ${n(s.hem[1] + 4)}Z`;
  let ribs = '';
  for (let x = -x0 + 16; x < x0; x += 16)
    ribs += `M${n(CX + x)} ${n(y0 + 4)}L${n(CX + x * (s.hem[0] / x0))} ${n(s.hem[1])}`;
  let d = el('path', { d: band, fill: trimFill(s, pal) }) + el('path', { d: ribs, ...ribStroke(pal) });
  if (s.varsity) {
    d += el('path', {
      d: `M${n(CX - x0)} ${n(y0 + 26)}L${n(CX + x0)} ${n(y0 + 26)}M${n(CX - x0)} ${n(y0 + 46)}L${n(CX + x0)} ${n(y0 + 46)}`,
      stroke: pal.contrast,
      strokeWidth: 9,
    });
  }
  return d;
}

/** The front view's pocket: a hoodie's kangaroo (or split) pouch, or a varsity jacket's welts. */
function frontPocket(s: Silhouette, pal: Palette): string {
  if (s.pocket === 'kangaroo' || s.pocket === 'split') {
    const pb = s.hemCenterY - s.waistband - 6;
    const pt = pb - 250;
    const d =
      `M${n(CX - 150)} ${n(pt)}L${n(CX + 150)} ${n(pt)}C${n(CX + 185)} ${n(pt + 20)} ${n(CX + 205)} ${n(pt + 120)} ${n(CX + 232)} ${n(pb)}` +
      `L${n(CX - 232)} ${n(pb)}C${n(CX - 205)} ${n(pt + 120)} ${n(CX - 185)} ${n(pt + 20)} ${n(CX - 150)} ${n(pt)}Z`;
    return (
      el('path', {
        d,
        fill: '#000000',
        fillOpacity: 0.04,
        stroke: pal.line,
        strokeOpacity: 0.5,
        strokeWidth: 3,
      }) +
      el('path', {
        d: `M${n(CX - 140)} ${n(pt + 10)}L${n(CX + 140)} ${n(pt + 10)}`,
        stroke: pal.line,
        strokeOpacity: 0.3,
        strokeWidth: 2,
        strokeDasharray: '7 5',
      })
    );
  }
  if (s.pocket === 'welt') {
    return both((side) =>
      el('path', {
        d: `M${P(side, [170, 860])}L${P(side, [205, 1010])}`,
        stroke: pal.contrast,
        strokeWidth: 16,
        strokeLinecap: 'round',
      }),
    );
  }
  return '';
}

// ---------------------------------------------------------------- on top: necklines, hoods and fastenings

/** The front view's top layer: the neckline or the hood's opening, then a zip and a varsity jacket's snaps. */
function frontClosures(s: Silhouette, pal: Palette): string {
  return (
    (s.hood ? part('hood', hoodOpening(s, pal)) : part(collarName(s), frontNeckline(s, pal))) +
    (s.zip ? part('zip', zip(s, pal)) : '') +
    (s.varsity ? part('snaps', varsitySnaps(s, pal)) : '')
  );
}

/** Marks a drawn part of the garment, so a reader (or a test) of the SVG can tell the silhouettes apart. */
function part(name: string, content: string): string {
  return content ? el('g', { 'data-part': name }, content) : '';
}

function collarName(s: Silhouette): string {
  return s.varsity ? 'rib-collar' : 'crew-neck';
}

/** The back view's top layer: the hood lying flat, or the back neck rib. */
function backNeck(s: Silhouette, pal: Palette, id: string): string {
  if (s.hood) return part('hood', hoodBack(s, pal, id));
  const w = s.neckW;
  return el('path', {
    'data-part': collarName(s),
    d: `M${P(-1, [w, s.neckY])}Q${P(-1, [w * 0.6, s.neckY - 12])} ${P(1, [0, s.neckY - 12])}Q${P(1, [w * 0.6, s.neckY - 12])} ${P(1, [w, s.neckY])}`,
    stroke: s.varsity ? pal.contrast : pal.dark,
    strokeWidth: 22,
    fill: 'none',
    transform: 'translate(0 9)',
  });
}

/** The front neckline: the inside of the back, the label, and the rib. */
function frontNeckline(s: Silhouette, pal: Palette): string {
  const w = s.neckW;
  const drop = s.neckY + s.frontDrop;
  const neckline = `M${P(-1, [w, s.neckY])}C${P(-1, [w, drop - s.frontDrop * 0.1])} ${P(-1, [w * 0.45, drop])} ${P(1, [0, drop])}C${P(1, [w * 0.45, drop])} ${P(1, [w, drop - s.frontDrop * 0.1])} ${P(1, [w, s.neckY])}`;
  return (
    el('path', {
      d: `${neckline}Q${P(1, [w * 0.6, s.neckY - 12])} ${P(1, [0, s.neckY - 12])}Q${P(-1, [w * 0.6, s.neckY - 12])} ${P(-1, [w, s.neckY])}Z`,
      fill: pal.deeper,
    }) +
    el('rect', { x: CX - 30, y: s.neckY + 2, width: 60, height: 22, rx: 3, fill: '#efe9dc' }) +
    el(
      'text',
      {
        x: CX,
        y: s.neckY + 18,
        fontSize: 11,
        fontFamily: 'DejaVu Sans, sans-serif',
        fontWeight: 'bold',
        textAnchor: 'middle',
        fill: '#1f1f22',
      },
      'RANGREZ',
    ) +
    el('path', {
      d: neckline,
      stroke: s.varsity ? pal.contrast : pal.dark,
      strokeWidth: s.varsity ? 30 : 22,
      fill: 'none',
    }) +
    el('path', {
      d: neckline,
      stroke: s.varsity ? pal.base : pal.line,
      strokeOpacity: s.varsity ? 1 : 0.4,
      strokeWidth: s.varsity ? 10 : 2,
      fill: 'none',
      transform: 'translate(0 12)',
    })
  );
}

/** The hood's opening around the face, with its drawcords. */
function hoodOpening(s: Silhouette, pal: Palette): string {
  const w = s.neckW;
  const vY = s.neckY + (s.zip ? 90 : 120);
  const opening =
    `M${P(-1, [w + 16, s.neckY + 30])}C${P(-1, [w + 30, s.neckY - 90])} ${P(-1, [w - 20, s.neckY - 196])} ${P(1, [0, s.neckY - 202])}` +
    `C${P(1, [w - 20, s.neckY - 196])} ${P(1, [w + 30, s.neckY - 90])} ${P(1, [w + 16, s.neckY + 30])}` +
    `Q${P(1, [w * 0.4, s.neckY + 80])} ${P(1, [0, vY])}Q${P(-1, [w * 0.4, s.neckY + 80])} ${P(-1, [w + 16, s.neckY + 30])}Z`;
  return (
    el('path', { d: opening, fill: pal.deeper }) +
    el('path', {
      d: opening,
      fill: 'none',
      stroke: pal.light,
      strokeOpacity: 0.55,
      strokeWidth: 20,
      strokeLinejoin: 'round',
    }) +
    el('path', { d: opening, fill: 'none', stroke: pal.line, strokeWidth: 3, strokeLinejoin: 'round' }) +
    drawcords(s, pal)
  );
}

/** Two drawcords from their eyelets, each with a metal tip. */
function drawcords(s: Silhouette, pal: Palette): string {
  const cord = luminance(pal.base) > 0.5 ? '#2b2b2e' : '#efe9dc';
  return (
    both((side) =>
      el('path', {
        d: `M${P(side, [46, s.neckY + 70])}C${P(side, [52, s.neckY + 160])} ${P(side, [40, s.neckY + 240])} ${P(side, [58 + side * 4, s.neckY + 330])}`,
        stroke: cord,
        strokeWidth: 9,
        fill: 'none',
        strokeLinecap: 'round',
      }),
    ) +
    both((side) =>
      el('rect', {
        x: CX + side * (60 + side * 4) - 6,
        y: s.neckY + 326,
        width: 12,
        height: 30,
        rx: 4,
        fill: '#9ca3af',
      }),
    ) +
    both((side) =>
      el('circle', {
        cx: CX + side * 46,
        cy: s.neckY + 70,
        r: 8,
        fill: '#d1d5db',
        stroke: pal.line,
        strokeWidth: 2,
      }),
    )
  );
}

/** The hood lying on the back, shaded like the body, with its centre seam. */
function hoodBack(s: Silhouette, pal: Palette, id: string): string {
  const w = s.neckW;
  const hood =
    `M${P(-1, [w + 90, s.neckY + 10])}C${P(-1, [w + 60, s.neckY - 60])} ${P(-1, [60, s.neckY - 70])} ${P(1, [0, s.neckY - 62])}` +
    `C${P(1, [60, s.neckY - 70])} ${P(1, [w + 60, s.neckY - 60])} ${P(1, [w + 90, s.neckY + 10])}` +
    `C${P(1, [w + 100, s.neckY + 160])} ${P(1, [70, s.neckY + 280])} ${P(1, [0, s.neckY + 290])}` +
    `C${P(-1, [70, s.neckY + 280])} ${P(-1, [w + 100, s.neckY + 160])} ${P(-1, [w + 90, s.neckY + 10])}Z`;
  return (
    el('path', { d: hood, fill: '#000000', fillOpacity: 0.08, transform: 'translate(4 10)' }) +
    el('path', { d: hood, fill: pal.base, stroke: pal.line, strokeWidth: 3 }) +
    el('path', { d: hood, fill: `url(#${id}-fall)` }) +
    el('path', {
      d: `M${P(1, [0, s.neckY - 62])}L${P(1, [0, s.neckY + 290])}`,
      stroke: pal.line,
      strokeOpacity: 0.5,
      strokeWidth: 3,
    })
  );
}

/** A zip from the hood's opening to the hem, with its puller. */
function zip(s: Silhouette, pal: Palette): string {
  const top = s.neckY + 90;
  return (
    el('rect', { x: CX - 10, y: top, width: 20, height: s.hemCenterY - top, fill: pal.deeper }) +
    el('path', {
      d: `M${CX} ${top}L${CX} ${s.hemCenterY}`,
      stroke: '#b8bcc4',
      strokeWidth: 8,
      strokeDasharray: '3 3',
    }) +
    el('rect', {
      x: CX - 9,
      y: top + 6,
      width: 18,
      height: 44,
      rx: 5,
      fill: '#c9ccd2',
      stroke: '#6b7280',
      strokeWidth: 2,
    })
  );
}

/** A varsity jacket's placket with six snaps in the contrast colour. */
function varsitySnaps(s: Silhouette, pal: Palette): string {
  const top = s.neckY + s.frontDrop + 10;
  const bottom = s.hemCenterY - 20;
  let snaps = el('path', { d: `M${CX} ${top}L${CX} ${s.hemCenterY}`, stroke: pal.line, strokeWidth: 4 });
  for (let i = 0; i < 6; i++) {
    const y = top + 30 + ((bottom - top - 60) * i) / 5;
    snaps += el('circle', {
      cx: CX + 14,
      cy: y,
      r: 13,
      fill: pal.contrast,
      stroke: pal.line,
      strokeWidth: 3,
    });
  }
  return snaps;
}
