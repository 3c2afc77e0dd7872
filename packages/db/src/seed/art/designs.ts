// Streetwear print designs, pure vector: one drawing per motif, which takes a theme's words and variation
// (themes.ts), so every theme prints differently. Each draws into a 400 x 400 box; the garment art scales and
// places it. Text uses generic font families only (librsvg renders with whatever is installed); every line is
// sized by fitSize to a width it cannot leave, so a wider fallback font shrinks nothing out of the box.
import { createRng } from '../prng.ts';
import {
  type Point,
  contrast,
  el,
  fitSize,
  luminance,
  mix,
  n,
  polygon,
  SANS,
  MONO,
  starPoints,
} from './svg.ts';
import { type Motif, type ThemeName, themeByName, themeLines } from './themes.ts';

export interface Ink {
  /** Contrasts with the garment: cream on dark garments, near-black on light ones. */
  main: string;
  /** The theme's signature colour, swapped for its alternative when too close to the garment. */
  accent: string;
  second: string;
  /** The garment colour itself, for cut-outs. */
  garment: string;
}

/** What a motif draws from: the theme's name as lines, its variation, and a seed for anything irregular. */
interface Words {
  name: string;
  lines: string[];
  variant: number;
}

interface MotifDef {
  /** Accent and its alternative, one pair per variation (cycled). */
  accents: readonly (readonly [string, string])[];
  second: string;
  draw(ink: Ink, uid: string, words: Words): { defs: string; body: string };
}

const CREAM = '#f5efe3';
const INK_BLACK = '#151515';

function escapeText(content: string): string {
  return content.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Bold centred text at (x, y), at most `size` and never wider than `width`. */
function text(
  x: number,
  y: number,
  size: number,
  content: string,
  fill: string,
  extra: Record<string, string | number | undefined> & { width?: number } = {},
): string {
  const { width = 360, ...rest } = extra;
  const spacing = typeof rest.letterSpacing === 'number' ? rest.letterSpacing : 0;
  const fontSize = fitSize(content, size, width, spacing);
  return el(
    'text',
    { x, y, fontSize, fontFamily: SANS, fontWeight: 'bold', textAnchor: 'middle', fill, ...rest },
    escapeText(content),
  );
}

/** The theme's words on one or two lines, bottom line at `y`. */
function caption(words: Words, y: number, size: number, fill: string, letterSpacing = 4): string {
  if (words.lines.length === 1) return text(200, y, size, words.lines[0] ?? '', fill, { letterSpacing });
  const small = size * 0.78;
  return (
    text(200, y - small * 1.05, small, words.lines[0] ?? '', fill, { letterSpacing }) +
    text(200, y, small, words.lines[1] ?? '', fill, { letterSpacing })
  );
}

const KANJI_GLYPHS: readonly string[][] = [
  ['M110 72 L290 72', 'M200 40 L200 150', 'M128 150 L272 150 L272 250 L128 250 Z', 'M128 200 L272 200'],
  ['M100 90 L300 90', 'M150 40 L150 260', 'M250 40 L250 260', 'M110 180 L290 180', 'M120 260 L280 260'],
  ['M200 40 L200 270', 'M110 110 L290 110', 'M200 110 L110 260', 'M200 110 L290 260', 'M130 190 L270 190'],
];

function kanji(ink: Ink, _uid: string, words: Words) {
  const strokeInk = contrast(ink.accent, CREAM) > 2.5 ? CREAM : INK_BLACK;
  const s = { stroke: strokeInk, strokeWidth: 24, strokeLinecap: 'square', fill: 'none' } as const;
  const glyph = KANJI_GLYPHS[words.variant % KANJI_GLYPHS.length] ?? [];
  return {
    defs: '',
    body:
      el('rect', { x: 70, y: 12, width: 260, height: 276, rx: 8, fill: ink.accent }) +
      glyph.map((d) => el('path', { d, ...s })).join('') +
      el('rect', {
        x: 300,
        y: 246,
        width: 52,
        height: 52,
        rx: 4,
        fill: ink.second,
        stroke: ink.main,
        strokeWidth: 3,
      }) +
      text(326, 282, 30, 'R', luminance(ink.second) < 0.3 ? CREAM : INK_BLACK) +
      text(200, 346, 44, words.name.toUpperCase(), ink.main, { letterSpacing: 6 }) +
      text(200, 386, 20, `STREET DIVISION 0${words.variant + 1}`, ink.main, {
        fontFamily: MONO,
        letterSpacing: 3,
      }),
  };
}

function risingSun(ink: Ink, uid: string, words: Words) {
  const cut = (y: number, h: number) => el('rect', { x: 60, y, width: 280, height: h, fill: ink.garment });
  const crest = 30 + words.variant * 6;
  const wave = (y: number, w: number) =>
    el('path', {
      d: `M20 ${y} Q 60 ${y - crest} 100 ${y} T 180 ${y} T 260 ${y} T 340 ${y} T 420 ${y}`,
      stroke: ink.main,
      strokeWidth: w,
      fill: 'none',
      strokeLinecap: 'round',
      clipPath: `url(#${uid}-box)`,
    });
  const cuts = Array.from({ length: 2 + (words.variant % 3) }, (_, i) => cut(180 + i * 26, 10 + i * 5)).join(
    '',
  );
  return {
    defs: el('clipPath', { id: `${uid}-box` }, el('rect', { x: 0, y: 0, width: 400, height: 400 })),
    body:
      el('circle', { cx: 200, cy: 165, r: 128, fill: ink.accent }) +
      cuts +
      el('rect', { x: 40, y: 262, width: 320, height: 40, fill: ink.garment }) +
      wave(292, 14) +
      wave(326, 10) +
      caption(words, 386, 40, ink.main),
  };
}

function wordmark(ink: Ink, _uid: string, words: Words) {
  const [first = '', second] = words.lines;
  const big = second ? 60 : 74;
  return {
    defs: '',
    body:
      text(200, 96, 24, words.variant % 2 ? 'RANGREZ' : 'EST. 2024', ink.main, {
        fontFamily: MONO,
        letterSpacing: 6,
      }) +
      text(205, 176, big, first, ink.accent, { letterSpacing: 1, width: 370 }) +
      text(200, 172, big, first, ink.main, { letterSpacing: 1, width: 370 }) +
      (second ? text(200, 236, big * 0.7, second, ink.main, { letterSpacing: 4 }) : '') +
      el('rect', { x: 70, y: 256, width: 260, height: 8, fill: ink.accent }) +
      text(200, 306, 24, 'MUMBAI - INDIA', ink.main, { fontFamily: MONO, letterSpacing: 5 }) +
      el('path', { d: polygon(starPoints(200, 350, 4 + words.variant, 18, 6)), fill: ink.accent }),
  };
}

function tiger(ink: Ink, uid: string, words: Words) {
  const stripe = (y: number, len: number, thick: number, right: boolean) => {
    const x0 = right ? 360 : 40;
    const dir = right ? -1 : 1;
    const d =
      `M${x0} ${y} C ${x0 + dir * len * 0.4} ${y - thick * 0.6} ${x0 + dir * len * 0.8} ${y + thick * 0.2} ` +
      `${x0 + dir * len} ${y + thick * 0.7} C ${x0 + dir * len * 0.7} ${y + thick} ${x0 + dir * len * 0.3} ` +
      `${y + thick * 1.2} ${x0} ${y + thick * 1.4} Z`;
    return el('path', { d, fill: ink.second });
  };
  const rng = createRng(`tiger:${words.name}`);
  const stripes = Array.from({ length: 6 + words.variant }, (_, i) =>
    stripe(50 + ((i >> 1) * 240) / (3 + words.variant / 2), rng.int(90, 160), rng.int(18, 30), i % 2 === 1),
  ).join('');
  return {
    defs: el('clipPath', { id: `${uid}-disc` }, el('circle', { cx: 200, cy: 170, r: 150 })),
    body:
      el('circle', { cx: 200, cy: 170, r: 150, fill: ink.accent }) +
      el('g', { clipPath: `url(#${uid}-disc)` }, stripes) +
      el('circle', { cx: 200, cy: 170, r: 150, fill: 'none', stroke: ink.main, strokeWidth: 6 }) +
      caption(words, 382, 50, ink.main, 6),
  };
}

function comicBurst(_ink: Ink, _uid: string, words: Words) {
  const outline = { stroke: INK_BLACK, strokeWidth: 5, paintOrder: 'stroke', width: 250 } as const;
  const [first = '', second] = themeLines(words.name, 9);
  const shout = second ? `${second}!` : `${first}!`;
  return {
    // Comic art carries its own black outline and colours, so it reads on any garment.
    defs: '',
    body:
      el('path', {
        d: polygon(starPoints(200, 200, 12 + words.variant * 2, 196, 128, 0.1)),
        fill: ['#facc15', '#fde047', '#a3e635'][words.variant % 3],
        stroke: INK_BLACK,
        strokeWidth: 8,
        strokeLinejoin: 'round',
      }) +
      el('path', {
        d: polygon(starPoints(200, 200, 12, 140, 100)),
        fill: ['#ef4444', '#2563eb', '#ec4899'][words.variant % 3],
        stroke: INK_BLACK,
        strokeWidth: 6,
        strokeLinejoin: 'round',
      }) +
      el(
        'g',
        { transform: 'rotate(-8 200 200)' },
        (second ? text(200, 186, 44, first, '#ffffff', outline) : '') +
          text(200, second ? 236 : 218, 48, shout, '#ffffff', outline),
      ),
  };
}

function retroGrid(ink: Ink, uid: string, words: Words) {
  const grid: string[] = [];
  for (let i = 0; i <= 10; i++) {
    const xb = -120 + i * 64;
    grid.push(`M${n(200 + (xb - 200) * 0.18)} 262L${n(xb)} 362`);
  }
  for (const t of [0, 0.12, 0.3, 0.55, 0.85]) grid.push(`M20 ${n(262 + 100 * t)}L380 ${n(262 + 100 * t)}`);
  const [top, bottom] = [
    ['#facc15', '#f472b6'],
    ['#fb923c', '#a855f7'],
    ['#fde047', '#22d3ee'],
  ][words.variant % 3] as [string, string];
  return {
    defs:
      el(
        'linearGradient',
        { id: `${uid}-sun`, x1: 0, y1: 0, x2: 0, y2: 1 },
        el('stop', { offset: 0, stopColor: top }) + el('stop', { offset: 1, stopColor: bottom }),
      ) + el('clipPath', { id: `${uid}-grid` }, el('rect', { x: 20, y: 262, width: 360, height: 100 })),
    body:
      el('circle', { cx: 200, cy: 160, r: 112, fill: `url(#${uid}-sun)` }) +
      [196, 218, 238, 256]
        .map((y, i) => el('rect', { x: 80, y, width: 240, height: 4 + i * 3, fill: ink.garment }))
        .join('') +
      el('path', {
        d: grid.join(''),
        stroke: ink.second,
        strokeWidth: 4,
        fill: 'none',
        clipPath: `url(#${uid}-grid)`,
      }) +
      text(200, 396, 34, words.name.toUpperCase(), ink.main, { letterSpacing: 5 }),
  };
}

function mandala(ink: Ink, _uid: string, words: Words) {
  const petals = 12 + words.variant * 2;
  const ring = (count: number, dist: number, rx: number, ry: number, fill: string, turn = 0) =>
    Array.from({ length: count }, (_, i) =>
      el('ellipse', {
        cx: 200,
        cy: 200 - dist,
        rx,
        ry,
        fill,
        transform: `rotate(${n(turn + (360 * i) / count)} 200 200)`,
      }),
    ).join('');
  const dots = Array.from({ length: 24 }, (_, i) => {
    const a = (Math.PI * 2 * i) / 24;
    return el('circle', { cx: 200 + 182 * Math.cos(a), cy: 200 + 182 * Math.sin(a), r: 7, fill: ink.main });
  }).join('');
  const flower =
    ring(petals, 130, 24, 48, ink.accent) +
    ring(petals, 128, 9, 26, ink.garment) +
    ring(4 + words.variant, 78, 28, 44, ink.main, 22.5) +
    el('circle', { cx: 200, cy: 200, r: 46, fill: ink.second, stroke: ink.main, strokeWidth: 6 }) +
    ring(8, 24, 8, 16, ink.main) +
    el('circle', { cx: 200, cy: 200, r: 10, fill: ink.accent }) +
    dots;
  return {
    defs: '',
    // The flower shrinks to the top of the box to leave the bottom to the theme's words.
    body:
      el('g', { transform: 'translate(46 4) scale(0.77)' }, flower) + caption(words, 390, 40, ink.main, 5),
  };
}

function lightning(ink: Ink, _uid: string, words: Words) {
  const bolt: Point[] = [
    [236, 8],
    [104, 214],
    [186, 214],
    [142, 392],
    [300, 160],
    [214, 160],
    [276, 8],
  ];
  const parts = words.name.toUpperCase().split(' ');
  const first = parts.length > 1 ? (parts[0] ?? '') : '';
  const rest = parts.length > 1 ? parts.slice(1).join(' ') : (parts[0] ?? '');
  return {
    defs: '',
    body:
      el('path', { d: polygon(bolt.map(([x, y]) => [x + 10, y + 8] as const)), fill: ink.second }) +
      el('path', {
        d: polygon(bolt),
        fill: ink.accent,
        stroke: ink.main,
        strokeWidth: 7,
        strokeLinejoin: 'round',
      }) +
      (first ? text(96, 140, 64, first, ink.main, { width: 170 }) : '') +
      text(300, 318, 64, rest, ink.main, { width: 190 }),
  };
}

function acidSmiley(ink: Ink, _uid: string, words: Words) {
  const drip = (x: number, len: number) =>
    el('path', {
      d: `M${x - 14} 250 L${x - 14} ${250 + len} A 14 14 0 0 0 ${x + 14} ${250 + len} L${x + 14} 250 Z`,
      fill: ink.accent,
    });
  const eyes =
    words.variant % 2 === 0
      ? el('ellipse', { cx: 152, cy: 136, rx: 17, ry: 30, fill: ink.second }) +
        el('ellipse', { cx: 248, cy: 136, rx: 17, ry: 30, fill: ink.second })
      : el('path', {
          d: 'M134 118 L170 154 M170 118 L134 154 M230 118 L266 154 M266 118 L230 154',
          stroke: ink.second,
          strokeWidth: 12,
          strokeLinecap: 'round',
        });
  return {
    defs: '',
    body:
      drip(130, 40 + words.variant * 8) +
      drip(196, 104) +
      drip(262, 70 - words.variant * 4) +
      el('circle', { cx: 200, cy: 170, r: 140, fill: ink.accent }) +
      eyes +
      el('path', {
        d: words.variant % 3 === 2 ? 'M122 214 Q 200 170 278 214' : 'M112 190 Q 200 282 288 190',
        stroke: ink.second,
        strokeWidth: 16,
        fill: 'none',
        strokeLinecap: 'round',
      }) +
      text(200, 396, 36, words.name.toUpperCase(), ink.main, { letterSpacing: 6 }),
  };
}

function chai(ink: Ink, _uid: string, words: Words) {
  const steam = (x: number) =>
    el('path', {
      d: `M${x} 96 C ${x - 22} 72 ${x + 22} 52 ${x} 28 C ${x - 18} 8 ${x + 6} -4 ${x + 4} -10`,
      stroke: ink.main,
      strokeWidth: 9,
      fill: 'none',
      strokeLinecap: 'round',
    });
  // Even variations pour into a cutting-chai glass, odd ones into a clay kulhad.
  const glass = words.variant % 2 === 0;
  const cup = glass
    ? 'M122 108 L278 108 L254 322 L146 322 Z'
    : 'M112 118 L288 118 Q 280 300 236 318 L164 318 Q 120 300 112 118 Z';
  const tea = glass
    ? 'M130 160 L270 160 L254 318 L146 318 Z'
    : 'M118 150 L282 150 Q 276 296 234 312 L166 312 Q 124 296 118 150 Z';
  const facets = [150, 175, 200, 225, 250].map((x) => `M${x} 112L${n(200 + (x - 200) * 0.72)} 318`).join('');
  return {
    defs: '',
    body:
      steam(164) +
      steam(200) +
      steam(236) +
      el('path', {
        d: cup,
        fill: mix(ink.garment, ink.main, 0.18),
        stroke: ink.main,
        strokeWidth: 8,
        strokeLinejoin: 'round',
      }) +
      el('path', { d: tea, fill: glass ? ink.accent : '#b45309' }) +
      (glass
        ? el('path', { d: facets, stroke: ink.main, strokeOpacity: 0.35, strokeWidth: 5, fill: 'none' })
        : '') +
      caption(words, 386, 44, ink.main, 2),
  };
}

/** A suburban train head-on: the cab, its windows and headlamps, the stripes, a destination board, the rails. */
function train(ink: Ink, _uid: string, words: Words) {
  const body = mix(ink.accent, '#000000', 0.05);
  const count = 2 + (words.variant % 2);
  const w = 200 / count - 12;
  const windows = Array.from({ length: count }, (_, i) =>
    el('rect', { x: 106 + i * (w + 12), y: 104, width: w, height: 70, rx: 8, fill: '#1f2937' }),
  ).join('');
  const board = words.name.toUpperCase().split(' ')[0] ?? '';
  return {
    defs: '',
    body:
      el('path', {
        d: 'M150 292 L60 360 M250 292 L340 360 M132 318 L268 318 M112 340 L288 340',
        stroke: ink.main,
        strokeWidth: 8,
        strokeLinecap: 'round',
      }) +
      el('path', {
        d: 'M96 292 L96 70 Q 96 24 150 24 L250 24 Q 304 24 304 70 L304 292 Z',
        fill: body,
        stroke: ink.main,
        strokeWidth: 7,
      }) +
      el('rect', { x: 112, y: 36, width: 176, height: 50, rx: 6, fill: INK_BLACK }) +
      text(200, 71, 30, board, '#fbbf24', { fontFamily: MONO, width: 160 }) +
      windows +
      el('rect', { x: 96, y: 196, width: 208, height: 22, fill: ink.second }) +
      el('rect', { x: 96, y: 226, width: 208, height: 10, fill: ink.second }) +
      el('circle', { cx: 130, cy: 262, r: 14, fill: '#fef9c3', stroke: ink.main, strokeWidth: 4 }) +
      el('circle', { cx: 270, cy: 262, r: 14, fill: '#fef9c3', stroke: ink.main, strokeWidth: 4 }) +
      caption(words, 392, 40, ink.main, 5),
  };
}

/** A city's roofline against a rising moon or sun, irregular per theme. */
function skyline(ink: Ink, _uid: string, words: Words) {
  const rng = createRng(`skyline:${words.name}`);
  let x = 30;
  let roofs = '';
  while (x < 370) {
    const w = rng.int(24, 48);
    const h = rng.int(70, 190);
    const top = 300 - h;
    roofs += rng.chance(0.25)
      ? `M${x} 300L${x} ${top + 20}Q${x + w / 2} ${top - 24} ${x + w} ${top + 20}L${x + w} 300Z`
      : `M${x} 300L${x} ${top}L${x + w} ${top}L${x + w} 300Z`;
    x += w + rng.int(0, 6);
  }
  const lit = Array.from({ length: 18 }, () =>
    el('rect', { x: rng.int(40, 356), y: rng.int(150, 282), width: 6, height: 9, fill: ink.accent }),
  ).join('');
  return {
    defs: '',
    body:
      el('circle', { cx: 120 + words.variant * 32, cy: 120, r: 84, fill: ink.accent }) +
      el('path', { d: roofs, fill: ink.second, stroke: ink.main, strokeWidth: 3 }) +
      lit +
      el('rect', { x: 24, y: 300, width: 352, height: 8, fill: ink.main }) +
      caption(words, 384, 44, ink.main, 4),
  };
}

/** Two fighter kites on their strings, with tails. */
function kite(ink: Ink, _uid: string, words: Words) {
  const one = (cx: number, cy: number, size: number, fill: string, turn: number) =>
    el(
      'g',
      { transform: `rotate(${turn} ${cx} ${cy})` },
      el('path', {
        d: polygon([
          [cx, cy - size],
          [cx + size * 0.8, cy],
          [cx, cy + size],
          [cx - size * 0.8, cy],
        ]),
        fill,
        stroke: ink.main,
        strokeWidth: 5,
      }) +
        el('path', {
          d: `M${cx} ${cy - size}L${cx} ${cy + size}M${cx - size * 0.8} ${cy}Q${cx} ${cy - size * 0.4} ${cx + size * 0.8} ${cy}`,
          stroke: ink.main,
          strokeWidth: 4,
          fill: 'none',
        }) +
        el('path', {
          d: polygon([
            [cx, cy + size],
            [cx + 18, cy + size + 26],
            [cx - 18, cy + size + 26],
          ]),
          fill: ink.second,
        }),
    );
  return {
    defs: '',
    body:
      el('path', {
        d: 'M150 210 Q 120 300 40 330 M292 150 Q 320 260 380 320',
        stroke: ink.main,
        strokeWidth: 3,
        fill: 'none',
      }) +
      one(150, 120, 90, ink.accent, -12 + words.variant * 4) +
      one(292, 92, 56, ink.second, 14 - words.variant * 3) +
      caption(words, 388, 44, ink.main, 4),
  };
}

/** A cassette with the theme on its label. */
function cassette(ink: Ink, _uid: string, words: Words) {
  const reel = (cx: number) =>
    el('circle', { cx, cy: 196, r: 30, fill: ink.garment, stroke: ink.main, strokeWidth: 5 }) +
    el('path', { d: polygon(starPoints(cx, 196, 6, 16, 9)), fill: ink.main });
  return {
    defs: '',
    body:
      el('rect', {
        x: 30,
        y: 60,
        width: 340,
        height: 230,
        rx: 18,
        fill: ink.accent,
        stroke: ink.main,
        strokeWidth: 7,
      }) +
      el('rect', { x: 56, y: 84, width: 288, height: 160, rx: 10, fill: CREAM }) +
      el('rect', { x: 56, y: 84, width: 288, height: 24, fill: ink.second }) +
      text(200, 140, 34, words.name.toUpperCase(), INK_BLACK, { width: 270 }) +
      el('rect', { x: 112, y: 166, width: 176, height: 60, rx: 30, fill: '#1f2937' }) +
      reel(150) +
      reel(250) +
      el('path', {
        d: 'M110 290 L130 252 L270 252 L290 290',
        fill: 'none',
        stroke: ink.main,
        strokeWidth: 5,
      }) +
      text(200, 356, 28, `VOL 0${words.variant + 1} - 90 MIN`, ink.main, {
        fontFamily: MONO,
        letterSpacing: 6,
      }),
  };
}

const MOTIF_DEFS: Readonly<Record<Motif, MotifDef>> = {
  kanji: {
    accents: [
      ['#e63946', '#f5efe3'],
      ['#2563eb', '#f5efe3'],
      ['#16a34a', '#facc15'],
    ],
    second: '#151515',
    draw: kanji,
  },
  'rising-sun': {
    accents: [
      ['#f97316', '#facc15'],
      ['#ef4444', '#fb923c'],
      ['#facc15', '#f97316'],
    ],
    second: '#38bdf8',
    draw: risingSun,
  },
  wordmark: {
    accents: [
      ['#ef4444', '#2563eb'],
      ['#f59e0b', '#16a34a'],
      ['#2563eb', '#ec4899'],
    ],
    second: '#facc15',
    draw: wordmark,
  },
  tiger: {
    accents: [
      ['#f97316', '#f59e0b'],
      ['#f59e0b', '#fb923c'],
      ['#fbbf24', '#f97316'],
    ],
    second: '#151515',
    draw: tiger,
  },
  'comic-burst': { accents: [['#facc15', '#fde047']], second: '#ef4444', draw: comicBurst },
  'retro-grid': { accents: [['#f472b6', '#facc15']], second: '#22d3ee', draw: retroGrid },
  mandala: {
    accents: [
      ['#f59e0b', '#ef4444'],
      ['#ec4899', '#f59e0b'],
      ['#22d3ee', '#f59e0b'],
    ],
    second: '#2563eb',
    draw: mandala,
  },
  lightning: {
    accents: [
      ['#facc15', '#22d3ee'],
      ['#22d3ee', '#facc15'],
      ['#a3e635', '#facc15'],
    ],
    second: '#ef4444',
    draw: lightning,
  },
  'acid-smiley': {
    accents: [
      ['#facc15', '#a3e635'],
      ['#a3e635', '#facc15'],
      ['#f472b6', '#facc15'],
    ],
    second: '#151515',
    draw: acidSmiley,
  },
  chai: {
    accents: [
      ['#c2773a', '#f59e0b'],
      ['#b45309', '#f59e0b'],
    ],
    second: '#f5efe3',
    draw: chai,
  },
  train: {
    accents: [
      ['#991b1b', '#facc15'],
      ['#1d4ed8', '#facc15'],
      ['#15803d', '#facc15'],
    ],
    second: '#facc15',
    draw: train,
  },
  skyline: {
    accents: [
      ['#facc15', '#f97316'],
      ['#f97316', '#facc15'],
      ['#f472b6', '#facc15'],
    ],
    second: '#334155',
    draw: skyline,
  },
  kite: {
    accents: [
      ['#ef4444', '#facc15'],
      ['#a855f7', '#22d3ee'],
      ['#16a34a', '#f97316'],
    ],
    second: '#facc15',
    draw: kite,
  },
  cassette: {
    accents: [
      ['#f97316', '#22d3ee'],
      ['#ec4899', '#facc15'],
      ['#22d3ee', '#f472b6'],
    ],
    second: '#ef4444',
    draw: cassette,
  },
};

/** The ink set for a theme's print on a garment of the given colour. */
export function inkFor(theme: ThemeName, garmentHex: string): Ink {
  const { motif, variant } = themeByName(theme);
  const def = MOTIF_DEFS[motif];
  const main = luminance(garmentHex) < 0.3 ? CREAM : INK_BLACK;
  const [accent, alternative] = def.accents[variant % def.accents.length] ?? ['#ef4444', '#2563eb'];
  return {
    main,
    accent: contrast(accent, garmentHex) < 1.5 ? alternative : accent,
    second: contrast(def.second, garmentHex) < 1.4 ? main : def.second,
    garment: garmentHex,
  };
}

/** The theme's print alone, in its 400 x 400 box: defs and body. */
export function drawDesign(
  theme: ThemeName,
  garmentHex: string,
  uid: string,
): { defs: string; body: string } {
  const { name, motif, variant } = themeByName(theme);
  return MOTIF_DEFS[motif].draw(inkFor(theme, garmentHex), uid, { name, lines: themeLines(name), variant });
}

/** The print as an SVG group placed with its 400 x 400 box scaled by `scale` and its top-left at (x, y). */
export function renderDesign(
  theme: ThemeName,
  garmentHex: string,
  placement: { x: number; y: number; scale: number },
  uid = 'p',
): { defs: string; body: string } {
  const drawn = drawDesign(theme, garmentHex, uid);
  return {
    defs: drawn.defs,
    body: el(
      'g',
      {
        'data-print': theme,
        transform: `translate(${n(placement.x)} ${n(placement.y)}) scale(${placement.scale})`,
        opacity: 0.96,
      },
      drawn.body,
    ),
  };
}
