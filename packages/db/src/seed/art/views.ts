// The four pictures of a product in one colour (docs/demo-catalogue.md#pictures): the flat-lay front and back
// (garments.ts), the print close up on the fabric, and the garment on a hanger against a wall.
import type { GarmentType } from '@rangrez/contract/rules';
import { inkFor, renderDesign } from './designs.ts';
import {
  type GarmentView,
  GARMENT_ART_HEIGHT as H,
  GARMENT_ART_WIDTH as W,
  fabricTexture,
  garmentArt,
  garmentFeatures,
  garmentSvg,
} from './garments.ts';
import { el, luminance, mix, svgDocument } from './svg.ts';
import type { ThemeName } from './themes.ts';

export interface GarmentViewOptions {
  garmentType: GarmentType;
  /** The colour's swatch hex (the colour table): the fabric is drawn in exactly this colour. */
  hex: string;
  design: ThemeName;
  view: GarmentView;
}

export function garmentViewSvg(options: GarmentViewOptions): string {
  const { view } = options;
  if (view === 'closeup') return closeupSvg(options);
  if (view === 'scene') return sceneSvg(options);
  return garmentSvg({ ...options, view });
}

/** The print filling the frame on a swatch of the fabric, with the neck rib (or hood edge) and a seam. */
function closeupSvg({ garmentType, hex, design }: GarmentViewOptions): string {
  const line = luminance(hex) < 0.3 ? mix(hex, '#ffffff', 0.3) : mix(hex, '#000000', 0.3);
  const texture = fabricTexture(garmentType, `${garmentType}:${hex}:closeup`, 'c');
  const print = renderDesign(design, hex, { x: 110, y: 300, scale: 2.45 }, 'c-p');
  const knit = el(
    'pattern',
    { id: 'c-knit', width: 10, height: 10, patternUnits: 'userSpaceOnUse' },
    el('path', { d: 'M0 5 L10 5', stroke: '#000000', strokeOpacity: 0.05, strokeWidth: 2 }),
  );
  const hooded = garmentFeatures(garmentType).hood;
  const body =
    el('g', { 'data-part': 'fabric' }, el('rect', { width: W, height: H, fill: hex }) + texture.body) +
    el('rect', { width: W, height: H, fill: 'url(#c-knit)' }) +
    print.body +
    el('path', {
      'data-part': hooded ? 'hood' : 'neck-rib',
      d: 'M-40 -60 Q 600 420 1240 -60',
      fill: 'none',
      stroke: mix(hex, hooded ? '#000000' : line, hooded ? 0.2 : 0.5),
      strokeWidth: hooded ? 120 : 70,
    }) +
    el('path', { d: 'M0 1440 L1200 1440', stroke: line, strokeWidth: 4, strokeDasharray: '14 10' }) +
    el('rect', { width: W, height: H, fill: 'url(#c-shade)' });
  const shade = el(
    'radialGradient',
    { id: 'c-shade', cx: 0.5, cy: 0.5, r: 0.75 },
    el('stop', { offset: 0.6, stopColor: '#000000', stopOpacity: 0 }) +
      el('stop', { offset: 1, stopColor: '#000000', stopOpacity: 0.18 }),
  );
  return svgDocument(
    W,
    H,
    el('g', { 'data-view': 'closeup' }, body),
    knit + shade + texture.defs + print.defs,
  );
}

/** The garment on a wooden hanger from a rail, against a wall tinted by the print's accent. */
function sceneSvg({ garmentType, hex, design }: GarmentViewOptions): string {
  const wall = mix(inkFor(design, hex).accent, '#ece8e1', 0.82);
  const floor = mix(wall, '#6b4f3a', 0.45);
  const art = garmentArt({ garmentType, hex, design, view: 'front' }, 's', false);
  const scale = 0.78;
  const x = (W - W * scale) / 2;
  const y = 110;
  // The hanger hangs behind the garment: its hook shows above the neck, its bar inside the shoulders.
  const neck = y + garmentFeatures(garmentType).neckY * scale;
  const hanger =
    el('path', {
      d: `M600 ${neck + 20} L600 150 Q 600 118 626 118 Q 652 118 650 146`,
      stroke: '#9ca3af',
      strokeWidth: 10,
      fill: 'none',
    }) +
    el('path', {
      d: `M600 ${neck + 10} L380 ${neck + 80} Q 368 ${neck + 92} 388 ${neck + 94} L812 ${neck + 94} Q 832 ${neck + 92} 820 ${neck + 80} Z`,
      fill: '#a16207',
      stroke: '#713f12',
      strokeWidth: 6,
    });
  const body =
    el('rect', { width: W, height: H, fill: wall }) +
    el('rect', { y: 1300, width: W, height: 200, fill: floor }) +
    el('rect', { y: 104, width: W, height: 16, rx: 8, fill: '#57534e' }) +
    el('g', { 'data-part': 'hanger' }, hanger) +
    el('g', { transform: `translate(${x} ${y}) scale(${scale})` }, art.body) +
    el('ellipse', { cx: 600, cy: 1420, rx: 420, ry: 26, fill: '#000000', fillOpacity: 0.12 });
  return svgDocument(W, H, el('g', { 'data-view': 'scene' }, body), art.defs);
}
