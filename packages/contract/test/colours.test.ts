import { describe, expect, it } from 'vitest';
import {
  COLOUR_CODES,
  colourByCode,
  COLOURS,
  isKnownColourCode,
  NEUTRAL_SWATCH_HEX,
  visibleSwatches,
} from '../src/rules/colours.ts';

// The colour table the store was specified with, copied row by row (docs/product/rules.md#colour-codes).
const TABLE = `
| Bk | Black | #000000 | Wh | White | #ffffff | Rd | Red | #ef4444 |
| Rb | Royal Blue | #2563eb | Gn | Bottle Green | #065f46 | Pu | Purple | #a855f7 |
| Or | Orange | #f97316 | Yl | Yellow | #facc15 | Nb | Navy Blue | #1f2a44 |
| BB | Baby Blue | #87ceeb | Sb | Sky Blue | #38bdf8 | pb | Petrol Blue | #0c5678 |
| SG | Steel Grey | #9ca3af | Gm | Grey Melange | #d1d5db | Cm | Charcoal Melange | #4b5563 |
| Mh | Mouse Heather | #a8a29e | Mn | Maroon | #7f1d1d | BRd | Brick Red | #b91c1c |
| Cor | Coral | #f08080 | Fl | Flamingo Pink | #ec4899 | LBp | Light Baby Pink | #fbcfe8 |
| Lv | Lavender | #e9d5ff | Mnt | Mint | #bbf7d0 | Jd | Jade | #34d399 |
| Fgn | Flag Green | #16a34a | OG | Olive Green | #3d550c | Ph | Peach | #fed7aa |
| NYI | Neon Yellow | #fde047 | MYI | Mustard Yellow | #ca8a04 | GYI | Golden Yellow | #f59e0b |
| Cop | Copper | #d97706 | bn | Brown | #431407 | Be | Beige | #fef3c7 |`;

const expected = TABLE.trim()
  .split('\n')
  .flatMap((row) => {
    const cells = row
      .split('|')
      .map((cell) => cell.trim())
      .filter(Boolean);
    return [0, 3, 6].map((i) => ({ code: cells[i], name: cells[i + 1], hex: cells[i + 2] }));
  });

describe('colour codes', () => {
  it('has the 33 codes of the table with their names and hex, in table order', () => {
    expect(expected).toHaveLength(33);
    expect(COLOURS).toHaveLength(33);
    expect(COLOURS.map((c) => ({ ...c }))).toEqual(expected);
    expect(new Set(COLOUR_CODES).size).toBe(33);
  });

  it.each(expected)('$code is $name $hex', ({ code, name, hex }) => {
    expect(colourByCode(code!)).toEqual({ code, name, hex });
    expect(isKnownColourCode(code!)).toBe(true);
  });

  it('is case-sensitive', () => {
    expect(colourByCode('pb').name).toBe('Petrol Blue');
    expect(colourByCode('bn').name).toBe('Brown');
    expect(isKnownColourCode('PB')).toBe(false);
    expect(isKnownColourCode('bk')).toBe(false);
  });

  it('renders unknown codes as a neutral swatch labelled with the code', () => {
    expect(colourByCode('Zz')).toEqual({ code: 'Zz', name: 'Zz', hex: NEUTRAL_SWATCH_HEX });
    expect(NEUTRAL_SWATCH_HEX).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('visibleSwatches', () => {
  it('shows at most 2 and counts the rest', () => {
    expect(visibleSwatches(['Bk', 'Wh', 'Rd', 'Nb'])).toEqual({ visible: ['Bk', 'Wh'], hiddenCount: 2 });
    expect(visibleSwatches(['Bk', 'Wh'])).toEqual({ visible: ['Bk', 'Wh'], hiddenCount: 0 });
    expect(visibleSwatches(['Bk'], 3)).toEqual({ visible: ['Bk'], hiddenCount: 0 });
  });
});
