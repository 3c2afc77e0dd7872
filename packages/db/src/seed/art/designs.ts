// Ten streetwear print designs, pure vector. Each draws into a 400 x 400 box; the garment art scales and places it.
// Text uses generic font families only (librsvg renders with whatever is installed), so every design still reads
// if the fallback font is wider or narrower: text is short, centred, and never the only element.
import { type Point, contrast, el, luminance, mix, n, polygon, SANS, MONO, starPoints } from './svg.ts';

export const DESIGN_IDS = [
  'kanji',
  'rising-sun',
  'wordmark',
  'tiger',
  'comic-burst',
  'retro-grid',
  'mandala',
  'lightning',
  'acid-smiley',
  'chai',
] as const;
export type DesignId = (typeof DESIGN_IDS)[number];

export interface Ink {
  /** Contrasts with the garment: cream on dark garments, near-black on light ones. */
  main: string;
  /** The design's signature colour, swapped for its alternative when too close to the garment. */
  accent: string;
  second: string;
  /** The garment colour itself, for cut-outs. */
  garment: string;
}

interface DesignDef {
  /** Product-name themes that match the graphic ('Tokyo Drift Oversized Tee'). */
  themes: readonly string[];
  accent: readonly [string, string];
  second: string;
  draw(ink: Ink, uid: string): { defs: string; body: string };
}

const CREAM = '#f5efe3';
const INK_BLACK = '#151515';

function text(
  x: number,
  y: number,
  size: number,
  content: string,
  fill: string,
  extra: Record<string, string | number | undefined> = {},
): string {
  const escaped = content.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return el(
    'text',
    { x, y, fontSize: size, fontFamily: SANS, fontWeight: 'bold', textAnchor: 'middle', fill, ...extra },
    escaped,
  );
}

const DESIGNS: Record<DesignId, DesignDef> = {
  kanji: {
    themes: ['Tokyo Drift', 'Shinobi', 'Ronin Code', 'Kaiju District', 'Shibuya Nights'],
    accent: ['#e63946', '#f5efe3'],
    second: '#151515',
    draw: (ink) => {
      const strokeInk = contrast(ink.accent, CREAM) > 2.5 ? CREAM : INK_BLACK;
      const s = { stroke: strokeInk, strokeWidth: 24, strokeLinecap: 'square', fill: 'none' } as const;
      const strokes = [
        el('path', { d: 'M110 72 L290 72', ...s }),
        el('path', { d: 'M200 40 L200 150', ...s }),
        el('path', { d: 'M128 150 L272 150 L272 250 L128 250 Z', ...s }),
        el('path', { d: 'M128 200 L272 200', ...s, strokeWidth: 16 }),
        el('path', { d: 'M200 250 L140 280', ...s, strokeWidth: 18 }),
        el('path', { d: 'M200 250 L262 282', ...s, strokeWidth: 18 }),
        el('path', { d: 'M92 112 L128 132', ...s, strokeWidth: 14 }),
      ].join('');
      return {
        defs: '',
        body:
          el('rect', { x: 70, y: 12, width: 260, height: 286, rx: 8, fill: ink.accent }) +
          strokes +
          el('rect', {
            x: 300,
            y: 256,
            width: 52,
            height: 52,
            rx: 4,
            fill: ink.second,
            stroke: ink.main,
            strokeWidth: 3,
          }) +
          text(326, 292, 30, 'R', luminance(ink.second) < 0.3 ? CREAM : INK_BLACK) +
          text(200, 350, 44, 'RANGREZ', ink.main, { letterSpacing: 8 }) +
          text(200, 386, 20, 'STREET DIVISION 04', ink.main, { fontFamily: MONO, letterSpacing: 3 }),
      };
    },
  },
  'rising-sun': {
    themes: ['Tide Runner', 'Great Wave', 'Rising Sun', 'Konkan Coast', 'Monsoon Surf'],
    accent: ['#f97316', '#facc15'],
    second: '#38bdf8',
    draw: (ink, uid) => {
      const cut = (y: number, h: number) =>
        el('rect', { x: 60, y, width: 280, height: h, fill: ink.garment });
      const wave = (y: number, w: number) =>
        el('path', {
          d: `M20 ${y} Q 60 ${y - 46} 100 ${y} T 180 ${y} T 260 ${y} T 340 ${y} T 420 ${y}`,
          stroke: ink.main,
          strokeWidth: w,
          fill: 'none',
          strokeLinecap: 'round',
          clipPath: `url(#${uid}-box)`,
        });
      return {
        defs: el('clipPath', { id: `${uid}-box` }, el('rect', { x: 0, y: 0, width: 400, height: 400 })),
        body:
          el('circle', { cx: 200, cy: 165, r: 128, fill: ink.accent }) +
          cut(180, 10) +
          cut(208, 14) +
          cut(240, 20) +
          el('rect', { x: 40, y: 262, width: 320, height: 40, fill: ink.garment }) +
          wave(292, 14) +
          wave(326, 10) +
          text(200, 386, 40, 'TIDE RUNNER', ink.main, { letterSpacing: 4 }),
      };
    },
  },
  wordmark: {
    themes: ['Rangrez Classic', 'Signature', 'Original Dyer', 'Core Logo', 'Since 2024'],
    accent: ['#ef4444', '#2563eb'],
    second: '#facc15',
    draw: (ink) => ({
      defs: '',
      body:
        text(200, 120, 24, 'EST. 2024', ink.main, { fontFamily: MONO, letterSpacing: 6 }) +
        text(206, 226, 74, 'RANGREZ', ink.accent, { letterSpacing: 1 }) +
        text(200, 220, 74, 'RANGREZ', ink.main, { letterSpacing: 1 }) +
        el('rect', { x: 70, y: 250, width: 260, height: 8, fill: ink.accent }) +
        text(200, 300, 24, 'MUMBAI - INDIA', ink.main, { fontFamily: MONO, letterSpacing: 5 }) +
        el('path', { d: polygon(starPoints(200, 345, 4, 18, 6)), fill: ink.accent }),
    }),
  },
  tiger: {
    themes: ['Bengal Tiger', 'Sundarbans', 'Wild Stripe', 'Big Cat Energy', 'Jungle Raj'],
    accent: ['#f97316', '#f59e0b'],
    second: '#151515',
    draw: (ink, uid) => {
      const stripe = (y: number, len: number, thick: number, right: boolean) => {
        const x0 = right ? 360 : 40;
        const dir = right ? -1 : 1;
        const d =
          `M${x0} ${y} C ${x0 + dir * len * 0.4} ${y - thick * 0.6} ${x0 + dir * len * 0.8} ${y + thick * 0.2} ` +
          `${x0 + dir * len} ${y + thick * 0.7} C ${x0 + dir * len * 0.7} ${y + thick} ${x0 + dir * len * 0.3} ` +
          `${y + thick * 1.2} ${x0} ${y + thick * 1.4} Z`;
        return el('path', { d, fill: ink.second });
      };
      const stripes = [
        stripe(62, 120, 24, false),
        stripe(120, 150, 30, false),
        stripe(190, 110, 26, false),
        stripe(250, 140, 22, false),
        stripe(80, 140, 28, true),
        stripe(150, 110, 24, true),
        stripe(215, 150, 30, true),
        stripe(280, 100, 20, true),
      ].join('');
      return {
        defs: el('clipPath', { id: `${uid}-disc` }, el('circle', { cx: 200, cy: 175, r: 155 })),
        body:
          el('circle', { cx: 200, cy: 175, r: 155, fill: ink.accent }) +
          el('g', { clipPath: `url(#${uid}-disc)` }, stripes) +
          el('circle', { cx: 200, cy: 175, r: 155, fill: 'none', stroke: ink.main, strokeWidth: 6 }) +
          text(200, 378, 52, 'BENGAL', ink.main, { letterSpacing: 10 }),
      };
    },
  },
  'comic-burst': {
    themes: ['Dhishoom', 'Pow Pow', 'Plot Twist', 'Main Character', 'Comic Relief'],
    accent: ['#facc15', '#fde047'],
    second: '#ef4444',
    draw: () => ({
      // Comic art carries its own black outline and colours, so it reads on any garment.
      defs: '',
      body:
        el('path', {
          d: polygon(starPoints(200, 200, 16, 196, 128, 0.1)),
          fill: '#facc15',
          stroke: INK_BLACK,
          strokeWidth: 8,
          strokeLinejoin: 'round',
        }) +
        el('path', {
          d: polygon(starPoints(200, 200, 12, 140, 100)),
          fill: '#ef4444',
          stroke: INK_BLACK,
          strokeWidth: 6,
          strokeLinejoin: 'round',
        }) +
        el(
          'g',
          { transform: 'rotate(-8 200 200)' },
          text(200, 218, 48, 'DHISHOOM!', '#ffffff', {
            stroke: INK_BLACK,
            strokeWidth: 5,
            paintOrder: 'stroke',
          }),
        ),
    }),
  },
  'retro-grid': {
    themes: ['Neon Nights', 'Synthwave', 'Outrun', 'Midnight Drive', 'Arcade Kid'],
    accent: ['#f472b6', '#facc15'],
    second: '#22d3ee',
    draw: (ink, uid) => {
      const grid: string[] = [];
      for (let i = 0; i <= 10; i++) {
        const xb = -120 + i * 64;
        grid.push(`M${n(200 + (xb - 200) * 0.18)} 262L${n(xb)} 362`);
      }
      for (const t of [0, 0.12, 0.3, 0.55, 0.85])
        grid.push(`M20 ${n(262 + 100 * t)}L380 ${n(262 + 100 * t)}`);
      return {
        defs:
          el(
            'linearGradient',
            { id: `${uid}-sun`, x1: 0, y1: 0, x2: 0, y2: 1 },
            el('stop', { offset: 0, stopColor: '#facc15' }) + el('stop', { offset: 1, stopColor: '#f472b6' }),
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
          text(200, 396, 34, 'NEON NIGHTS', ink.main, { letterSpacing: 5 }),
      };
    },
  },
  mandala: {
    themes: ['Block Print', 'Jaipur Bloom', 'Indigo Mandala', 'Chakra', 'Rangoli'],
    accent: ['#f59e0b', '#ef4444'],
    second: '#2563eb',
    draw: (ink) => {
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
        return el('circle', {
          cx: 200 + 182 * Math.cos(a),
          cy: 200 + 182 * Math.sin(a),
          r: 7,
          fill: ink.main,
        });
      }).join('');
      return {
        defs: '',
        body:
          ring(16, 130, 24, 48, ink.accent) +
          ring(16, 128, 9, 26, ink.garment) +
          ring(8, 78, 28, 44, ink.main, 22.5) +
          el('circle', { cx: 200, cy: 200, r: 46, fill: ink.second, stroke: ink.main, strokeWidth: 6 }) +
          ring(8, 24, 8, 16, ink.main) +
          el('circle', { cx: 200, cy: 200, r: 10, fill: ink.accent }) +
          dots,
      };
    },
  },
  lightning: {
    themes: ['No Cap', 'High Voltage', 'Bijli', 'Power Cut', 'Thunder Road'],
    accent: ['#facc15', '#22d3ee'],
    second: '#ef4444',
    draw: (ink) => {
      const bolt: Point[] = [
        [236, 8],
        [104, 214],
        [186, 214],
        [142, 392],
        [300, 160],
        [214, 160],
        [276, 8],
      ];
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
          text(86, 140, 64, 'NO', ink.main) +
          text(318, 318, 64, 'CAP', ink.main),
      };
    },
  },
  'acid-smiley': {
    themes: ['Stay Weird', 'Good Vibes Only', 'Acid House', 'Rave Kid', 'Melt Down'],
    accent: ['#facc15', '#a3e635'],
    second: '#151515',
    draw: (ink) => {
      const drip = (x: number, len: number) =>
        el('path', {
          d: `M${x - 14} 250 L${x - 14} ${250 + len} A 14 14 0 0 0 ${x + 14} ${250 + len} L${x + 14} 250 Z`,
          fill: ink.accent,
        });
      return {
        defs: '',
        body:
          drip(130, 70) +
          drip(196, 104) +
          drip(262, 52) +
          el('circle', { cx: 200, cy: 170, r: 140, fill: ink.accent }) +
          el('ellipse', { cx: 152, cy: 136, rx: 17, ry: 30, fill: ink.second }) +
          el('ellipse', { cx: 248, cy: 136, rx: 17, ry: 30, fill: ink.second }) +
          el('path', {
            d: 'M112 190 Q 200 282 288 190',
            stroke: ink.second,
            strokeWidth: 16,
            fill: 'none',
            strokeLinecap: 'round',
          }) +
          text(200, 396, 36, 'STAY WEIRD', ink.main, { letterSpacing: 6 }),
      };
    },
  },
  chai: {
    themes: ['Cutting Chai', 'Chai Over Everything', 'Tapri Talks', 'Adrak Wali', 'Kadak'],
    accent: ['#c2773a', '#f59e0b'],
    second: '#f5efe3',
    draw: (ink) => {
      const steam = (x: number) =>
        el('path', {
          d: `M${x} 96 C ${x - 22} 72 ${x + 22} 52 ${x} 28 C ${x - 18} 8 ${x + 6} -4 ${x + 4} -10`,
          stroke: ink.main,
          strokeWidth: 9,
          fill: 'none',
          strokeLinecap: 'round',
        });
      const facets = [150, 175, 200, 225, 250]
        .map((x) => `M${x} 112L${n(200 + (x - 200) * 0.72)} 318`)
        .join('');
      return {
        defs: '',
        body:
          steam(164) +
          steam(200) +
          steam(236) +
          el('path', {
            d: 'M122 108 L278 108 L254 322 L146 322 Z',
            fill: mix(ink.garment, ink.main, 0.18),
            stroke: ink.main,
            strokeWidth: 8,
            strokeLinejoin: 'round',
          }) +
          el('path', { d: 'M130 160 L270 160 L254 318 L146 318 Z', fill: ink.accent }) +
          el('path', { d: facets, stroke: ink.main, strokeOpacity: 0.35, strokeWidth: 5, fill: 'none' }) +
          text(200, 384, 44, 'CHAI > SLEEP', ink.main, { letterSpacing: 2 }),
      };
    },
  },
};

/** The ink set for a design on a garment of the given colour. */
export function inkFor(design: DesignId, garmentHex: string): Ink {
  const def = DESIGNS[design];
  const main = luminance(garmentHex) < 0.3 ? CREAM : INK_BLACK;
  const [accent, alternative] = def.accent;
  return {
    main,
    accent: contrast(accent, garmentHex) < 1.5 ? alternative : accent,
    second: contrast(def.second, garmentHex) < 1.4 ? main : def.second,
    garment: garmentHex,
  };
}

export function designThemes(design: DesignId): readonly string[] {
  return DESIGNS[design].themes;
}

/** The design as an SVG group placed with its 400 x 400 box scaled by `scale` and its top-left at (x, y). */
export function renderDesign(
  design: DesignId,
  garmentHex: string,
  placement: { x: number; y: number; scale: number },
  uid = 'p',
): { defs: string; body: string } {
  const drawn = DESIGNS[design].draw(inkFor(design, garmentHex), uid);
  return {
    defs: drawn.defs,
    body: el(
      'g',
      {
        transform: `translate(${n(placement.x)} ${n(placement.y)}) scale(${placement.scale})`,
        opacity: 0.96,
      },
      drawn.body,
    ),
  };
}
