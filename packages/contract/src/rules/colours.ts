// The fulfilment partner's colour codes with descriptive names and swatch colours
// (docs/product/rules.md#colour-codes). Codes are case-sensitive.

import { CARD_SWATCHES_MAX } from './constants.ts';

export const COLOURS = [
  { code: 'Bk', name: 'Black', hex: '#000000' },
  { code: 'Wh', name: 'White', hex: '#ffffff' },
  { code: 'Rd', name: 'Red', hex: '#ef4444' },
  { code: 'Rb', name: 'Royal Blue', hex: '#2563eb' },
  { code: 'Gn', name: 'Bottle Green', hex: '#065f46' },
  { code: 'Pu', name: 'Purple', hex: '#a855f7' },
  { code: 'Or', name: 'Orange', hex: '#f97316' },
  { code: 'Yl', name: 'Yellow', hex: '#facc15' },
  { code: 'Nb', name: 'Navy Blue', hex: '#1f2a44' },
  { code: 'BB', name: 'Baby Blue', hex: '#87ceeb' },
  { code: 'Sb', name: 'Sky Blue', hex: '#38bdf8' },
  { code: 'pb', name: 'Petrol Blue', hex: '#0c5678' },
  { code: 'SG', name: 'Steel Grey', hex: '#9ca3af' },
  { code: 'Gm', name: 'Grey Melange', hex: '#d1d5db' },
  { code: 'Cm', name: 'Charcoal Melange', hex: '#4b5563' },
  { code: 'Mh', name: 'Mouse Heather', hex: '#a8a29e' },
  { code: 'Mn', name: 'Maroon', hex: '#7f1d1d' },
  { code: 'BRd', name: 'Brick Red', hex: '#b91c1c' },
  { code: 'Cor', name: 'Coral', hex: '#f08080' },
  { code: 'Fl', name: 'Flamingo Pink', hex: '#ec4899' },
  { code: 'LBp', name: 'Light Baby Pink', hex: '#fbcfe8' },
  { code: 'Lv', name: 'Lavender', hex: '#e9d5ff' },
  { code: 'Mnt', name: 'Mint', hex: '#bbf7d0' },
  { code: 'Jd', name: 'Jade', hex: '#34d399' },
  { code: 'Fgn', name: 'Flag Green', hex: '#16a34a' },
  { code: 'OG', name: 'Olive Green', hex: '#3d550c' },
  { code: 'Ph', name: 'Peach', hex: '#fed7aa' },
  { code: 'NYI', name: 'Neon Yellow', hex: '#fde047' },
  { code: 'MYI', name: 'Mustard Yellow', hex: '#ca8a04' },
  { code: 'GYI', name: 'Golden Yellow', hex: '#f59e0b' },
  { code: 'Cop', name: 'Copper', hex: '#d97706' },
  { code: 'bn', name: 'Brown', hex: '#431407' },
  { code: 'Be', name: 'Beige', hex: '#fef3c7' },
] as const;

export type KnownColour = (typeof COLOURS)[number];
export type ColourCode = KnownColour['code'];
export const COLOUR_CODES: readonly ColourCode[] = COLOURS.map((colour) => colour.code);

export interface Colour {
  code: string;
  name: string;
  hex: string;
}

/** Swatch of an unknown code: neutral grey, labelled with the code itself. */
export const NEUTRAL_SWATCH_HEX = '#d4d4d4';

const BY_CODE: ReadonlyMap<string, Colour> = new Map(COLOURS.map((colour) => [colour.code, colour]));

export function isKnownColourCode(code: string): code is ColourCode {
  return BY_CODE.has(code);
}

/** The colour of a code, or a neutral swatch named after the code when the code is unknown. */
export function colourByCode(code: string): Colour {
  const known = BY_CODE.get(code);
  return known
    ? { code: known.code, name: known.name, hex: known.hex }
    : { code, name: code, hex: NEUTRAL_SWATCH_HEX };
}

/** A product card shows at most `max` swatches, then '+N' for the rest. */
export function visibleSwatches<T>(
  colours: readonly T[],
  max: number = CARD_SWATCHES_MAX,
): { visible: T[]; hiddenCount: number } {
  const visible = colours.slice(0, Math.max(0, max));
  return { visible, hiddenCount: colours.length - visible.length };
}
