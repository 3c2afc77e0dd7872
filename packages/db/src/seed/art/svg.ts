// Helpers for writing SVG by hand. Numbers are rounded so the same inputs give byte-identical files,
// and so identical art hashes to the same media key.

export type Point = readonly [number, number];

/** Rounds to two decimals (enough for coordinates and opacities) and drops trailing zeros. */
export function n(value: number): string {
  const r = Math.round(value * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// SVG attributes that are camelCase in the spec; every other camelCase key is a kebab-case presentation attribute.
const CAMEL_CASE_ATTRIBUTES = new Set([
  'gradientUnits',
  'gradientTransform',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'viewBox',
  'preserveAspectRatio',
  'textLength',
  'lengthAdjust',
  'stdDeviation',
  'baseFrequency',
  'numOctaves',
]);

/** `{ fill: '#fff', strokeWidth: 2 }` -> ` fill="#fff" stroke-width="2"`; undefined values are left out. */
export function attrs(values: Record<string, string | number | undefined>): string {
  let out = '';
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const name = CAMEL_CASE_ATTRIBUTES.has(key) ? key : key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    out += ` ${name}="${typeof value === 'number' ? n(value) : esc(value)}"`;
  }
  return out;
}

export function el(
  tag: string,
  values: Record<string, string | number | undefined>,
  children?: string,
): string {
  return children === undefined
    ? `<${tag}${attrs(values)}/>`
    : `<${tag}${attrs(values)}>${children}</${tag}>`;
}

export function polygon(points: readonly Point[]): string {
  return `M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}Z`;
}

/** Points of a regular star/burst around (cx, cy). */
export function starPoints(
  cx: number,
  cy: number,
  spikes: number,
  outer: number,
  inner: number,
  turn = 0,
): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < spikes * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = turn + (Math.PI * i) / spikes - Math.PI / 2;
    points.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return points;
}

// ---------------------------------------------------------------- colour arithmetic

export function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h.padEnd(6, '0');
  return [parseInt(full.slice(0, 2), 16), parseInt(full.slice(2, 4), 16), parseInt(full.slice(4, 6), 16)];
}

export function rgbToHex([r, g, b]: readonly [number, number, number]): string {
  const part = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Linear mix: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = hexToRgb(a);
  const [br, bg, bb] = hexToRgb(b);
  return rgbToHex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

/** Relative luminance (WCAG), 0 for black to 1 for white. */
export function luminance(hex: string): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = hexToRgb(hex);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * Width of one bold capital in em, generously: DejaVu Sans Bold, the widest generic sans these machines have,
 * averages about 0.7 em over capitals and digits. Layout reserves this much so text never runs out of its box.
 */
export const GLYPH_EM = 0.74;

/** The width a line of bold capitals may take at `size`, letter spacing included. */
export function textWidth(content: string, size: number, letterSpacing = 0): number {
  const glyphs = [...content].length;
  return glyphs * size * GLYPH_EM + Math.max(0, glyphs - 1) * letterSpacing;
}

/** The largest font size up to `max` at which `content` fits in `width`. */
export function fitSize(content: string, max: number, width: number, letterSpacing = 0): number {
  const glyphs = Math.max(1, [...content].length);
  const spacing = Math.max(0, glyphs - 1) * letterSpacing;
  return Math.max(1, Math.min(max, Math.floor(((width - spacing) / (glyphs * GLYPH_EM)) * 10) / 10));
}

/** Generic families only: librsvg renders text with whatever fonts the machine has. */
export const SANS = 'DejaVu Sans, Helvetica, Arial, sans-serif';
export const MONO = 'DejaVu Sans Mono, Menlo, Consolas, monospace';

export function svgDocument(width: number, height: number, body: string, defs = ''): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    (defs ? `<defs>${defs}</defs>` : '') +
    body +
    '</svg>\n'
  );
}
