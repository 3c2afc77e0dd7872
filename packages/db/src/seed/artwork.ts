// Turns a planned picture (ArtSpec) into its SVG, width ladder and alt text.
import { colourByCode } from '@rangrez/contract/rules';
import { WIDTH_LADDERS } from '../media/formats.ts';
import { GARMENT_ART_HEIGHT, GARMENT_ART_WIDTH, type GarmentView } from './art/garments.ts';
import {
  SLIDE_DESKTOP,
  SLIDE_MOBILE,
  THUMBNAIL,
  slideDesktopSvg,
  slideMobileSvg,
  thumbnailSvg,
} from './art/scenes.ts';
import { THEMES } from './art/themes.ts';
import { garmentViewSvg } from './art/views.ts';
import { GARMENTS, GROUPS, SLIDES } from './catalogue-data.ts';
import type { ArtSpec } from './plan.ts';

export interface RenderedArt {
  svg: string;
  /** The SVG's own size, so seeding need not measure it. */
  size: { width: number; height: number };
  widths: readonly number[];
  alt: string;
}

const VIEW_WORDS: Readonly<Record<GarmentView, string>> = {
  front: 'front view',
  back: 'back view',
  closeup: 'close-up of the print',
  scene: 'on a hanger',
};

export function renderArt(spec: ArtSpec): RenderedArt {
  switch (spec.kind) {
    case 'garment': {
      const colour = colourByCode(spec.colour);
      return {
        svg: garmentViewSvg({
          garmentType: spec.garmentType,
          hex: colour.hex,
          design: spec.design,
          view: spec.view,
        }),
        size: { width: GARMENT_ART_WIDTH, height: GARMENT_ART_HEIGHT },
        widths: WIDTH_LADDERS.product,
        alt: `${colour.name} ${spec.garmentType} with the ${spec.design} print, ${VIEW_WORDS[spec.view]}`,
      };
    }
    case 'slide': {
      const slide = SLIDES[spec.slide];
      if (!slide) throw new Error(`no slide ${spec.slide}`);
      const theme = {
        ...slide.theme,
        garments: slide.garments.map((g) => ({
          garmentType: g.type,
          hex: colourByCode(g.colour).hex,
          design: g.design,
        })),
      };
      return spec.variant === 'desktop'
        ? {
            svg: slideDesktopSvg(theme),
            size: SLIDE_DESKTOP,
            widths: WIDTH_LADDERS.slideDesktop,
            alt: slide.title,
          }
        : {
            svg: slideMobileSvg(theme),
            size: SLIDE_MOBILE,
            widths: WIDTH_LADDERS.slideMobile,
            alt: slide.title,
          };
    }
    case 'thumbnail': {
      const group = GROUPS[spec.group];
      const sub = group?.subCategories[spec.sub];
      const first = sub?.garments[0];
      if (!group || !sub || !first) throw new Error(`no sub-category ${spec.group}/${spec.sub}`);
      const def = GARMENTS[first.type];
      // Vary colour and design across tiles so the mega-menu grid does not look like one picture repeated.
      const code = def.palette[(spec.sub * 3 + spec.group + 1) % def.palette.length] ?? 'Bk';
      const design = THEMES[(spec.group * 5 + spec.sub * 7) % THEMES.length]?.name ?? 'Rangrez Classic';
      return {
        svg: thumbnailSvg({
          background: group.tint.background,
          accent: group.tint.accent,
          badge: group.tint.badge,
          garment: { garmentType: first.type, hex: colourByCode(code).hex, design },
        }),
        size: THUMBNAIL,
        widths: WIDTH_LADDERS.thumbnail,
        alt: `${group.name}: ${sub.name}`,
      };
    }
  }
}
