// The demo catalogue's pictures and prices, from the plan and the SVG alone (no database): prints that match
// their product's name, one silhouette per garment type, fabric in the swatch colour, four pictures per colour,
// hero text that no crop cuts, and prices from the About page's ₹800 up.
import { readFileSync } from 'node:fs';
import { COLOURS, GARMENT_TYPES, colourByCode } from '@rangrez/contract/rules';
import { describe, expect, it } from 'vitest';
import { drawDesign } from '../src/seed/art/designs.ts';
import { GARMENT_VIEWS, garmentFeatures, garmentSvg } from '../src/seed/art/garments.ts';
import {
  HERO_VIEWPORTS,
  SLIDE_DESKTOP,
  SLIDE_MOBILE,
  heroSafeArea,
  slideLayout,
  visibleArea,
} from '../src/seed/art/scenes.ts';
import { THEMES } from '../src/seed/art/themes.ts';
import { garmentViewSvg } from '../src/seed/art/views.ts';
import { renderArt } from '../src/seed/artwork.ts';
import { DEMO_PRICE_FLOOR, GARMENTS, SLIDES } from '../src/seed/catalogue-data.ts';
import { planDemoCatalogue } from '../src/seed/plan.ts';

const now = new Date('2025-06-01T10:00:00Z');
const plan = planDemoCatalogue({ products: 80, now });

/** The text content of every <text> element in an SVG. */
function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1] ?? '');
}

/** The data-part names an SVG marks. */
function parts(svg: string): Set<string> {
  return new Set([...svg.matchAll(/data-part="([^"]+)"/g)].map((m) => m[1] ?? ''));
}

describe('prints', () => {
  it('gives every product of the demo catalogue its own theme, the first words of its name', () => {
    expect(THEMES.length).toBeGreaterThanOrEqual(80);
    const themes = plan.products.map((p) => p.design);
    expect(new Set(themes).size).toBe(80);
    for (const p of plan.products) expect(p.name.startsWith(`${p.design} `)).toBe(true);
  });

  it('draws a different print for every theme', () => {
    const drawn = THEMES.map((theme) => drawDesign(theme.name, '#ffffff', 'p').body);
    expect(new Set(drawn).size).toBe(THEMES.length);
  });

  it("writes the theme's words on the print", () => {
    for (const theme of THEMES) {
      const words = texts(drawDesign(theme.name, '#000000', 'p').body).join(' ');
      for (const word of theme.name.toUpperCase().split(' ')) expect(words, theme.name).toContain(word);
    }
  });

  it('shows a Mumbai Local product a train with the words', () => {
    const svg = garmentViewSvg({
      garmentType: 'Crop Top',
      hex: '#ffffff',
      design: 'Mumbai Local',
      view: 'closeup',
    });
    expect(svg).toContain('data-print="Mumbai Local"');
    expect(texts(svg)).toEqual(expect.arrayContaining(['MUMBAI', 'MUMBAI LOCAL']));
  });

  it('never gives two crop tops the same print', () => {
    const cropTops = plan.products.filter((p) => p.garmentType === 'Crop Top');
    expect(cropTops.length).toBeGreaterThanOrEqual(3);
    expect(new Set(cropTops.map((p) => p.design)).size).toBe(cropTops.length);
  });
});

describe('silhouettes', () => {
  const front = (type: (typeof GARMENT_TYPES)[number]) =>
    garmentSvg({ garmentType: type, hex: '#777777', design: 'Rangrez Classic', view: 'front' });
  const hooded = [
    'Hooded Sweatshirt',
    'Oversized Hooded Sweatshirt',
    'Acid Wash Hoodie',
    'Zip Hoodie',
    'Crop Hoodie',
  ];
  const tees = [
    'Oversized T-shirt',
    'Acid Wash Oversized T-shirt',
    'Terry Oversized T-shirt',
    "Women's Classic T-shirt",
    'Crop Top',
  ];

  it('draws a hood on hoodies only, with a kangaroo pocket on the pullovers and a zip on the zip hoodie', () => {
    for (const type of GARMENT_TYPES) {
      const marked = parts(front(type));
      expect(marked.has('hood'), type).toBe(hooded.includes(type));
      expect(marked.has('zip'), type).toBe(type === 'Zip Hoodie');
    }
    for (const type of ['Hooded Sweatshirt', 'Oversized Hooded Sweatshirt', 'Acid Wash Hoodie'] as const)
      expect(parts(front(type)).has('kangaroo-pocket'), type).toBe(true);
  });

  it('gives tees short sleeves and a stitched hem, everything else long sleeves with ribbed cuffs and hem', () => {
    for (const type of GARMENT_TYPES) {
      const svg = front(type);
      const tee = tees.includes(type);
      expect(svg, type).toContain(`data-sleeves="${tee ? 'short' : 'long'}"`);
      expect(parts(svg).has('ribbed-cuffs'), type).toBe(!tee);
      expect(parts(svg).has(tee ? 'stitched-hem' : 'ribbed-hem'), type).toBe(true);
    }
  });

  it('crops the crop top and the crop hoodie, and nothing else', () => {
    for (const type of GARMENT_TYPES) {
      const cropped = type === 'Crop Top' || type === 'Crop Hoodie';
      expect(front(type), type).toContain(`data-length="${cropped ? 'cropped' : 'full'}"`);
      expect(garmentFeatures(type).length).toBe(cropped ? 'cropped' : 'full');
    }
  });

  it('gives sweatshirts a crew neck and no hood, and the jacket a rib collar with snaps', () => {
    for (const type of ['Sweatshirt', 'Oversized Sweatshirt'] as const) {
      expect([...parts(front(type))].sort(), type).toEqual([
        'body',
        'crew-neck',
        'ribbed-cuffs',
        'ribbed-hem',
      ]);
    }
    const jacket = parts(front('Varsity Jacket'));
    expect(['rib-collar', 'snaps', 'welt-pocket'].every((p) => jacket.has(p))).toBe(true);
    expect(jacket.has('hood')).toBe(false);
  });
});

describe('colours', () => {
  it('draws the fabric in exactly the swatch colour of every colour a garment comes in', () => {
    for (const type of GARMENT_TYPES) {
      for (const code of GARMENTS[type].palette) {
        const { hex } = colourByCode(code);
        const svg = renderArt({
          kind: 'garment',
          garmentType: type,
          colour: code,
          design: 'Signature',
          view: 'front',
        }).svg;
        const body = /<path d="[^"]*" fill="([^"]+)" data-part="body"\/>/.exec(svg);
        expect(body?.[1], `${type} ${code}`).toBe(hex);
        const closeup = renderArt({
          kind: 'garment',
          garmentType: type,
          colour: code,
          design: 'Signature',
          view: 'closeup',
        }).svg;
        expect(closeup, `${type} ${code}`).toContain(
          `<g data-part="fabric"><rect width="1200" height="1500" fill="${hex}"/>`,
        );
      }
    }
  });

  it('has a navy Navy Blue, not a royal blue', () => {
    expect(colourByCode('Nb').hex).toBe('#1f2a44');
    expect(COLOURS.find((c) => c.code === 'Rb')?.hex).not.toBe(colourByCode('Nb').hex);
  });
});

describe('pictures', () => {
  it('gives every colour of every product four pictures: front, back, print close-up and on a hanger', () => {
    expect(GARMENT_VIEWS).toEqual(['front', 'back', 'closeup', 'scene']);
    for (const p of plan.products) {
      for (const color of p.colors) {
        const mine = p.images.filter((i) => i.color === color);
        expect(mine.map((i) => i.position)).toEqual([0, 1, 2, 3]);
        const views = mine.map((i) => plan.art.get(i.art));
        expect(views.map((v) => (v?.kind === 'garment' ? v.view : null))).toEqual([...GARMENT_VIEWS]);
        expect(new Set(mine.map((i) => i.art)).size).toBe(4);
      }
    }
  });

  it('describes each picture in its alt text', () => {
    const { alt } = renderArt({
      kind: 'garment',
      garmentType: 'Crop Top',
      colour: 'Nb',
      design: 'Mumbai Local',
      view: 'closeup',
    });
    expect(alt).toBe('Navy Blue Crop Top with the Mumbai Local print, close-up of the print');
  });
});

describe('hero artwork', () => {
  it('knows what a window shows of the artwork (object-fit: cover, centred)', () => {
    // 360 x 640: the box is 360 x 384, wider than the 4:5 art, so the top and bottom are cut.
    const phone = visibleArea(SLIDE_MOBILE, [360, 640]);
    expect([phone.x0, phone.x1]).toEqual([0, 800]);
    expect(phone.y0).toBeCloseTo(73.33, 1);
    expect(phone.y1).toBeCloseTo(926.67, 1);
    // 820 x 1180: the box is 820 x 708, narrower than the banner, so its sides are cut.
    const tablet = visibleArea(SLIDE_DESKTOP, [820, 1180]);
    expect([tablet.y0, tablet.y1]).toEqual([0, 840]);
    expect(tablet.x0).toBeCloseTo(473.6, 0);
  });

  it('covers windows from 360 px to 1920 px wide', () => {
    const widths = HERO_VIEWPORTS.map(([w]) => w);
    expect(Math.min(...widths)).toBe(360);
    expect(Math.max(...widths)).toBe(1920);
  });

  it('keeps every word and garment of every slide inside what every window shows', () => {
    for (const variant of ['desktop', 'mobile'] as const) {
      const safe = heroSafeArea(variant);
      expect(safe.x1 - safe.x0).toBeGreaterThan(600);
      for (const slide of SLIDES) {
        const layout = slideLayout(variant, slide.theme.word);
        for (const { box } of [...layout.texts, ...layout.garments]) {
          expect(box.x0, `${slide.title} ${variant}`).toBeGreaterThanOrEqual(safe.x0);
          expect(box.x1, `${slide.title} ${variant}`).toBeLessThanOrEqual(safe.x1);
          expect(box.y0, `${slide.title} ${variant}`).toBeGreaterThanOrEqual(safe.y0);
          expect(box.y1, `${slide.title} ${variant}`).toBeLessThanOrEqual(safe.y1);
        }
      }
    }
  });

  it('draws exactly the laid-out words, where the layout put them', () => {
    SLIDES.forEach((slide, i) => {
      for (const variant of ['desktop', 'mobile'] as const) {
        const { svg } = renderArt({ kind: 'slide', slide: i, variant });
        const topLevel = [
          ...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"[^>]*>([^<]*)<\/text>/g),
        ].map((m) => [m[4], Number(m[1]), Number(m[2]), Number(m[3])]);
        const laid = slideLayout(variant, slide.theme.word).texts.map((t) => [
          t.content,
          Math.round(t.x * 100) / 100,
          Math.round(t.y * 100) / 100,
          Math.round(t.size * 100) / 100,
        ]);
        expect(topLevel.filter((t) => laid.some((l) => l[0] === t[0])).sort()).toEqual(laid.sort());
      }
    });
  });
});

describe('prices', () => {
  it("start at the About page's ₹800", () => {
    const about = readFileSync(new URL('../../../apps/web/app/routes/about.tsx', import.meta.url), 'utf8');
    expect(about).toContain(`prices that start at ₹${DEMO_PRICE_FLOOR}.`);
    for (const type of GARMENT_TYPES)
      for (const price of GARMENTS[type].prices) expect(price, type).toBeGreaterThanOrEqual(DEMO_PRICE_FLOOR);
    const large = planDemoCatalogue({ products: 2000, now });
    for (const p of [...plan.products, ...large.products])
      expect(p.pricePaise).toBeGreaterThanOrEqual(80_000);
    expect(Math.min(...plan.products.map((p) => p.pricePaise))).toBe(80_000);
  });
});
