// The demo catalogue as plain data, computed from the options alone: the same options give the same catalogue,
// ids included, on every machine. seedDemoCatalogue (demo-catalogue.ts) then writes it.
import { GARMENT_TYPES, rupeesToPaise, toSlug } from '@rangrez/contract/rules';
import type { GarmentType } from '@rangrez/contract/rules';
import type { SizeChartRowRecord } from '../schema.ts';
import { GARMENT_VIEWS, type GarmentView } from './art/garments.ts';
import { THEMES, type ThemeName, themeByName } from './art/themes.ts';
import {
  ADD_INFO,
  GARMENTS,
  type GarmentDef,
  GROUPS,
  MOTIF_BLURBS,
  NEWLY_ADDED_GROUP,
  PAIRINGS,
  PRINT_METHODS,
  REVIEWERS,
  REVIEW_COMMENTS,
  SLIDES,
  sizeChartFor,
  sizesFor,
} from './catalogue-data.ts';
import { type Rng, createRng } from './prng.ts';

/** What a generated picture is; its id doubles as a stable name ('garment|Hoodie|Bk|Tokyo Drift|front'). */
export type ArtSpec =
  | { kind: 'garment'; garmentType: GarmentType; colour: string; design: ThemeName; view: GarmentView }
  | { kind: 'slide'; slide: number; variant: 'desktop' | 'mobile' }
  | { kind: 'thumbnail'; group: number; sub: number };

export interface PlannedCategory {
  id: string;
  name: string;
  slug: string;
  description: string;
  position: number;
  art: string;
}

export interface PlannedGroup extends PlannedCategory {
  subCategories: (PlannedCategory & {
    garments: readonly { type: GarmentType; weight: number }[];
    weight: number;
  })[];
}

export interface PlannedProduct {
  id: string;
  name: string;
  sku: string;
  pricePaise: number;
  stock: number;
  sizes: string[];
  colors: string[];
  details: string[];
  description: string;
  addInfo: string;
  categoryId: string;
  group: string;
  garmentType: GarmentType;
  /** The print's theme, the first words of the name. */
  design: ThemeName;
  createdAt: Date;
  /** Gallery per colour: front, back, print close-up, on a hanger. The first colour's front is the main image. */
  images: { color: string; position: number; art: string }[];
}

export interface PlannedReview {
  productId: string;
  reviewer: number;
  rating: number;
  comment: string;
  createdAt: Date;
}

export interface CataloguePlan {
  groups: PlannedGroup[];
  productCategories: { name: GarmentType; sizeChart: SizeChartRowRecord[] }[];
  products: PlannedProduct[];
  relations: { productId: string; relatedId: string; position: number }[];
  reviewers: {
    firstName: string;
    lastName: string;
    email: string;
    addressCity: string;
    addressState: string;
  }[];
  reviews: PlannedReview[];
  slides: {
    title: string;
    subtitle: string;
    cta: string;
    ctaLink: string;
    isActive: boolean;
    position: number;
    desktop: string;
    mobile: string;
  }[];
  /** Every picture used, by id. */
  art: Map<string, ArtSpec>;
}

export interface PlanOptions {
  products: number;
  /** PRNG seed; a different seed gives a different but equally valid catalogue. */
  seed?: number | string;
  /** Anchor for createdAt values (default: now). */
  now?: Date;
}

const DAY_MS = 86_400_000;
/** Share of the demo products published in the last two weeks. */
const FRESH_PERCENT = 15;

export function artId(spec: ArtSpec): string {
  switch (spec.kind) {
    case 'garment':
      return `garment|${spec.garmentType}|${spec.colour}|${spec.design}|${spec.view}`;
    case 'slide':
      return `slide|${spec.slide}|${spec.variant}`;
    case 'thumbnail':
      return `thumbnail|${spec.group}|${spec.sub}`;
  }
}

function weightedIndex(rng: Rng, count: number): number {
  // Weights 4, 3, 2, 1, 1, ...: the first entries of a list are the common ones.
  return rng.weighted(Array.from({ length: count }, (_, i) => ({ value: i, weight: Math.max(1, 4 - i) })));
}

/** Exact band sizes (15% sold out, 25% 1-10, 25% 11-20, 35% above 20), shuffled: every band is well represented. */
function stockValues(rng: Rng, count: number): number[] {
  const shares = [0.15, 0.25, 0.25];
  const sizes = shares.map((share) => Math.floor(count * share));
  sizes.push(count - sizes.reduce((a, b) => a + b, 0));
  const values: number[] = [];
  sizes.forEach((size, band) => {
    for (let i = 0; i < size; i++) {
      values.push(
        band === 0 ? 0 : band === 1 ? rng.int(1, 10) : band === 2 ? rng.int(11, 20) : rng.int(21, 150),
      );
    }
  });
  return rng.shuffle(values);
}

/** Records a picture the catalogue uses and returns its id. */
type UseArt = (spec: ArtSpec) => string;

export function planDemoCatalogue(options: PlanOptions): CataloguePlan {
  const seed = options.seed ?? 'rangrez-demo';
  const now = (options.now ?? new Date()).getTime();
  // Separate streams, so adding a field to one part does not reshuffle the others.
  const ids = createRng(`${seed}:ids`);
  const rng = createRng(`${seed}:products`);
  const reviewRng = createRng(`${seed}:reviews`);
  const relationRng = createRng(`${seed}:relations`);
  const art = new Map<string, ArtSpec>();
  const use: UseArt = (spec) => {
    const id = artId(spec);
    if (!art.has(id)) art.set(id, spec);
    return id;
  };

  const groups = planGroups(ids, use);
  const productCategories = GARMENT_TYPES.map((type) => ({
    name: type,
    sizeChart: sizeChartFor(GARMENTS[type]),
  }));
  const products = planProducts(groups, options.products, now, { ids, rng }, use);
  const relations = planRelations(products, relationRng);
  const reviewers = REVIEWERS.map((r) => ({
    firstName: r.firstName,
    lastName: r.lastName,
    email: `${r.firstName}.${r.lastName}@reviewers.rangrez.example`.toLowerCase(),
    addressCity: r.city,
    addressState: r.state,
  }));
  const reviews = planReviews(products, now, reviewRng);
  const slides = SLIDES.map((slide, i) => ({
    title: slide.title,
    subtitle: slide.subtitle,
    cta: slide.cta,
    ctaLink: slide.ctaLink,
    isActive: slide.isActive,
    position: i,
    desktop: use({ kind: 'slide', slide: i, variant: 'desktop' }),
    mobile: use({ kind: 'slide', slide: i, variant: 'mobile' }),
  }));

  return { groups, productCategories, products, relations, reviewers, reviews, slides, art };
}

function planGroups(ids: Rng, use: UseArt): PlannedGroup[] {
  return GROUPS.map((group, g) => ({
    id: ids.uuid(),
    name: group.name,
    slug: toSlug(group.name),
    description: group.description,
    position: g,
    art: use({ kind: 'thumbnail', group: g, sub: 0 }),
    subCategories: group.subCategories.map((sub, s) => ({
      id: ids.uuid(),
      name: sub.name,
      slug: toSlug(sub.name),
      description: sub.description,
      position: s,
      art: use({ kind: 'thumbnail', group: g, sub: s }),
      garments: sub.garments,
      weight: sub.weight,
    })),
  }));
}

/** Product names, SKU numbers and themes handed out so far, so that each is unique. */
interface ProductNaming {
  usedNames: Map<string, number>;
  skuCounters: Map<string, number>;
  /** Themes no product has yet, in the order the next products get them. */
  freshThemes: ThemeName[];
  /** Per garment type, the theme and colours of each product that got a fresh theme. */
  firsts: Map<GarmentType, { theme: ThemeName; colors: string[] }[]>;
}

function planProducts(
  groups: PlannedGroup[],
  count: number,
  now: number,
  { ids, rng }: { ids: Rng; rng: Rng },
  use: UseArt,
): PlannedProduct[] {
  // Every sub-category gets a product first, then the rest follow the weights. Newly Added is computed from the
  // products' dates (docs/decisions/039-newly-added-and-back-in-stock.md): no product is filed under it.
  const slots = groups
    .filter((group) => group.name !== NEWLY_ADDED_GROUP)
    .flatMap((group) => group.subCategories.map((sub) => ({ group, sub })));
  const stock = stockValues(rng, count);
  const naming: ProductNaming = {
    usedNames: new Map(),
    skuCounters: new Map(),
    freshThemes: rng.shuffle(THEMES.map((theme) => theme.name)),
    firsts: new Map(),
  };
  const products: PlannedProduct[] = [];
  for (let i = 0; i < count; i++) {
    const slot = slots[i] ?? rng.weighted(slots.map((value) => ({ value, weight: value.sub.weight })));
    const product = planProduct(slot, stock[i] ?? 25, rng, { now, naming, use });
    products.push({ id: ids.uuid(), ...product });
  }
  return products;
}

/**
 * One product in `slot`, all but its id. The draws from `rng` are in a fixed order: moving one changes every
 * product after it.
 */
function planProduct(
  slot: { group: PlannedGroup; sub: PlannedGroup['subCategories'][number] },
  stock: number,
  rng: Rng,
  { now, naming, use }: { now: number; naming: ProductNaming; use: UseArt },
): Omit<PlannedProduct, 'id'> {
  const garmentType = rng.weighted(slot.sub.garments.map((g) => ({ value: g.type, weight: g.weight })));
  const def = GARMENTS[garmentType];
  const picked = pickTheme(garmentType, rng, naming);
  const design = picked.theme;
  const name = productName(design, def.noun, naming.usedNames);

  const skuNumber = (naming.skuCounters.get(def.code) ?? 0) + 1;
  naming.skuCounters.set(def.code, skuNumber);
  const colourCount = Math.min(
    def.palette.length,
    rng.weighted([
      { value: 2, weight: 2 },
      { value: 3, weight: 3 },
      { value: 4, weight: 3 },
      { value: 5, weight: 2 },
      { value: 6, weight: 1 },
    ]),
  );
  const colors =
    picked.colors ??
    rng.sample(def.palette, colourCount).sort((a, b) => def.palette.indexOf(a) - def.palette.indexOf(b));
  if (!picked.colors) {
    const firsts = naming.firsts.get(garmentType) ?? [];
    firsts.push({ theme: design, colors });
    naming.firsts.set(garmentType, firsts);
  }
  const price = def.prices[weightedIndex(rng, def.prices.length)] ?? 999;
  // About one product in seven is a fresh drop of the last two weeks, as Newly Added had before it was computed.
  const fresh = rng.int(1, 100) <= FRESH_PERCENT;
  const daysAgo = fresh ? rng.int(0, 13) : rng.int(14, 420);
  const createdAt = new Date(now - daysAgo * DAY_MS - rng.int(0, DAY_MS - 1));
  const { details, description } = productCopy(def, design, name, rng);
  const images = colors.flatMap((color) =>
    GARMENT_VIEWS.map((view, position) => ({
      color,
      position,
      art: use({ kind: 'garment', garmentType, colour: color, design, view }),
    })),
  );
  return {
    name,
    sku: `RGZ-${def.code}-${String(skuNumber).padStart(4, '0')}`,
    pricePaise: rupeesToPaise(price),
    stock,
    sizes: sizesFor(def),
    colors,
    details,
    description,
    addInfo: ADD_INFO,
    categoryId: slot.sub.id,
    group: slot.group.name,
    garmentType,
    design,
    createdAt,
    images,
  };
}

/** The product page's details list and description; the print method and the pairing tip are drawn from `rng`. */
function productCopy(
  def: GarmentDef,
  theme: ThemeName,
  name: string,
  rng: Rng,
): { details: string[]; description: string } {
  const cotton = def.fabric.startsWith('100% Cotton') || def.fabric.startsWith('100% Combed');
  const details = [
    def.fabric,
    `${def.gsm} GSM`,
    def.fit,
    ...def.extraDetails,
    ...(cotton ? ['Bio-washed'] : []),
    'Made in India',
  ];
  const description =
    [
      `The ${name} is cut from ${def.gsm} GSM ${def.fabric.toLowerCase()} in a ${def.fit.toLowerCase()}`,
      `${MOTIF_BLURBS[themeByName(theme).motif]}`,
      `The ${theme} graphic is ${rng.pick(PRINT_METHODS)}-printed on the front and back, so it stays sharp wash after wash`,
      `${rng.pick(PAIRINGS)}`,
      'Printed on demand in India, so nothing sits in a warehouse',
    ].join('. ') + '.';
  return { details, description };
}

/**
 * The next theme no product has yet, so that the demo catalogue's prints are all different; once every theme is
 * taken, the theme and colours of an earlier product of the same garment type (a 'Vol 2' of it), so a large
 * catalogue reuses the pictures it already has instead of drawing new ones.
 */
function pickTheme(
  garmentType: GarmentType,
  rng: Rng,
  naming: ProductNaming,
): { theme: ThemeName; colors?: string[] } {
  const fresh = naming.freshThemes.shift();
  if (fresh) return { theme: fresh };
  const earlier = naming.firsts.get(garmentType);
  if (earlier?.length) return rng.pick(earlier);
  return { theme: rng.pick(THEMES).name };
}

/** '{theme} {noun}', with a volume number when a product already has that name. */
function productName(theme: ThemeName, noun: string, usedNames: Map<string, number>): string {
  const name = `${theme} ${noun}`;
  const seen = usedNames.get(name) ?? 0;
  usedNames.set(name, seen + 1);
  return seen > 0 ? `${name} Vol ${seen + 1}` : name;
}

/** Related products: 4-8, same garment type first, then the same group, then anything. */
function planRelations(products: PlannedProduct[], relationRng: Rng): CataloguePlan['relations'] {
  const byType = new Map<string, number[]>();
  const byGroup = new Map<string, number[]>();
  const push = (map: Map<string, number[]>, key: string, i: number) => {
    const list = map.get(key);
    if (list) list.push(i);
    else map.set(key, [i]);
  };
  products.forEach((p, i) => {
    push(byType, p.garmentType, i);
    push(byGroup, p.group, i);
  });
  const everyone = products.map((_, i) => i);
  const relations: CataloguePlan['relations'] = [];
  products.forEach((p, i) => {
    const want = Math.min(relationRng.int(4, 8), products.length - 1);
    const chosen = new Set<number>();
    for (const pool of [byType.get(p.garmentType) ?? [], byGroup.get(p.group) ?? [], everyone]) {
      for (let attempt = 0; chosen.size < want && attempt < want * 4; attempt++) {
        const j = pool[relationRng.int(0, pool.length - 1)];
        if (j !== undefined && j !== i) chosen.add(j);
      }
    }
    [...chosen].forEach((j, position) =>
      relations.push({ productId: p.id, relatedId: (products[j] as PlannedProduct).id, position }),
    );
  });
  return relations;
}

/** Reviews of 60% of the products, 1-6 each by different reviewers, dated between the product's creation and now. */
function planReviews(products: PlannedProduct[], now: number, reviewRng: Rng): PlannedReview[] {
  const reviews: PlannedReview[] = [];
  for (const p of products) {
    if (!reviewRng.chance(0.6)) continue;
    const who = reviewRng.sample(
      REVIEWERS.map((_, i) => i),
      reviewRng.int(1, 6),
    );
    for (const reviewer of who) {
      const rating = reviewRng.weighted([
        { value: 5 as const, weight: 45 },
        { value: 4 as const, weight: 30 },
        { value: 3 as const, weight: 13 },
        { value: 2 as const, weight: 7 },
        { value: 1 as const, weight: 5 },
      ]);
      const age = now - p.createdAt.getTime();
      reviews.push({
        productId: p.id,
        reviewer,
        rating,
        comment: reviewRng.pick(REVIEW_COMMENTS[rating]),
        createdAt: new Date(p.createdAt.getTime() + Math.floor(age * reviewRng.next())),
      });
    }
  }
  return reviews;
}
