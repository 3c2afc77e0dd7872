// The demo catalogue's vocabulary: garment types with their size charts, prices, palettes and copy; the
// collection groups and their sub-categories; slides; reviewers. Plain data, so the generator stays short.
import type { ColourCode, GarmentType, Size } from '@rangrez/contract/rules';
import type { SizeChartRowRecord } from '../schema.ts';
import type { Motif, ThemeName } from './art/themes.ts';

export interface GarmentDef {
  type: GarmentType;
  /** Middle part of the SKU: RGZ-OST-0001. */
  code: string;
  /** Used in product names: 'Tokyo Drift Oversized Tee'. */
  noun: string;
  /** Oversized cuts and jackets start at S (docs/product/rules.md#size-charts). */
  firstSize: 'XS' | 'S';
  /**
   * Whole rupees, most frequent first (weights 4, 3, 2, 1, 1...); never below DEMO_PRICE_FLOOR, where the About
   * page says our prices start.
   */
  prices: readonly number[];
  palette: readonly ColourCode[];
  fabric: string;
  gsm: number;
  fit: string;
  extraDetails: readonly string[];
  /** Size chart in inches for the first size and the step per size. */
  chart: {
    chest: [number, number];
    length: [number, number];
    shoulder?: [number, number];
    sleeveLength?: [number, number];
    sleeveOpen?: [number, number];
  };
}

/** The About page's 'prices start at ₹800' (apps/web/app/routes/about.tsx): no demo product costs less. */
export const DEMO_PRICE_FLOOR = 800;

export const GARMENTS: Readonly<Record<GarmentType, GarmentDef>> = {
  'Oversized T-shirt': {
    type: 'Oversized T-shirt',
    code: 'OST',
    noun: 'Oversized Tee',
    firstSize: 'S',
    prices: [899, 999, 849, 1049, 949],
    palette: ['Bk', 'Wh', 'Mn', 'OG', 'Be', 'Lv', 'Nb', 'SG'],
    fabric: '100% Cotton',
    gsm: 240,
    fit: 'Oversized fit',
    extraDetails: ['Drop shoulder', 'Ribbed crew neck'],
    chart: {
      chest: [42, 2],
      length: [28, 1],
      shoulder: [21, 1],
      sleeveLength: [9, 0.5],
      sleeveOpen: [7.5, 0.5],
    },
  },
  'Acid Wash Oversized T-shirt': {
    type: 'Acid Wash Oversized T-shirt',
    code: 'AWT',
    noun: 'Acid Wash Tee',
    firstSize: 'S',
    prices: [1099, 999, 1199],
    palette: ['Bk', 'Cm', 'Mn', 'Nb', 'bn'],
    fabric: '100% Cotton',
    gsm: 240,
    fit: 'Oversized fit',
    extraDetails: ['Acid washed by hand, every piece unique', 'Drop shoulder'],
    chart: {
      chest: [42, 2],
      length: [28, 1],
      shoulder: [21, 1],
      sleeveLength: [9, 0.5],
      sleeveOpen: [7.5, 0.5],
    },
  },
  'Terry Oversized T-shirt': {
    type: 'Terry Oversized T-shirt',
    code: 'TOT',
    noun: 'Terry Tee',
    firstSize: 'S',
    prices: [1199, 1099, 1299],
    palette: ['Bk', 'Wh', 'Be', 'OG', 'Mh', 'Ph'],
    fabric: '100% Cotton French Terry',
    gsm: 260,
    fit: 'Oversized fit',
    extraDetails: ['Looped terry texture', 'Drop shoulder'],
    chart: {
      chest: [43, 2],
      length: [28, 1],
      shoulder: [21.5, 1],
      sleeveLength: [9.5, 0.5],
      sleeveOpen: [8, 0.5],
    },
  },
  "Women's Classic T-shirt": {
    type: "Women's Classic T-shirt",
    code: 'WCT',
    noun: 'Classic Tee',
    firstSize: 'XS',
    prices: [849, 899, 800, 949, 999],
    palette: ['Bk', 'Wh', 'Rd', 'Rb', 'Yl', 'Fl', 'Mnt', 'Gm'],
    fabric: '100% Combed Cotton',
    gsm: 180,
    fit: 'Regular fit',
    extraDetails: ['Tapered waist', 'Soft-touch print'],
    chart: {
      chest: [32, 2],
      length: [24.5, 0.5],
      shoulder: [13.5, 0.5],
      sleeveLength: [6.5, 0.25],
      sleeveOpen: [5.5, 0.25],
    },
  },
  'Crop Top': {
    type: 'Crop Top',
    code: 'CRT',
    noun: 'Crop Top',
    firstSize: 'XS',
    prices: [849, 800, 899, 949],
    palette: ['Bk', 'Wh', 'LBp', 'Lv', 'Mnt', 'BB', 'Ph', 'Cor'],
    fabric: '100% Cotton',
    gsm: 200,
    fit: 'Boxy cropped fit',
    extraDetails: ['Raw-edge look hem'],
    chart: {
      chest: [32, 2],
      length: [17.5, 0.5],
      shoulder: [14, 0.5],
      sleeveLength: [6, 0.25],
      sleeveOpen: [5.5, 0.25],
    },
  },
  'Hooded Sweatshirt': {
    type: 'Hooded Sweatshirt',
    code: 'HSW',
    noun: 'Hoodie',
    firstSize: 'XS',
    prices: [1499, 1299, 1599],
    palette: ['Bk', 'Wh', 'Nb', 'Mn', 'Gm', 'Cm', 'OG', 'Rd'],
    fabric: '80% Cotton, 20% Polyester fleece',
    gsm: 320,
    fit: 'Regular fit',
    extraDetails: ['Kangaroo pocket', 'Brushed fleece inside'],
    chart: { chest: [36, 2], length: [25, 1], shoulder: [16, 0.75], sleeveLength: [23.5, 0.5] },
  },
  'Oversized Hooded Sweatshirt': {
    type: 'Oversized Hooded Sweatshirt',
    code: 'OHS',
    noun: 'Oversized Hoodie',
    firstSize: 'S',
    prices: [1599, 1499, 1799],
    palette: ['Bk', 'Be', 'Mh', 'OG', 'Lv', 'Cm'],
    fabric: '80% Cotton, 20% Polyester fleece',
    gsm: 340,
    fit: 'Oversized fit',
    extraDetails: ['Kangaroo pocket', 'Drop shoulder', 'Brushed fleece inside'],
    chart: { chest: [44, 2], length: [27.5, 1], shoulder: [22, 1], sleeveLength: [22.5, 0.5] },
  },
  'Acid Wash Hoodie': {
    type: 'Acid Wash Hoodie',
    code: 'AWH',
    noun: 'Acid Wash Hoodie',
    firstSize: 'S',
    prices: [1699, 1499, 1799],
    palette: ['Bk', 'Cm', 'Mn', 'bn'],
    fabric: '100% Cotton fleece',
    gsm: 320,
    fit: 'Oversized fit',
    extraDetails: ['Acid washed by hand, every piece unique', 'Kangaroo pocket'],
    chart: { chest: [44, 2], length: [27.5, 1], shoulder: [22, 1], sleeveLength: [23, 0.5] },
  },
  'Zip Hoodie': {
    type: 'Zip Hoodie',
    code: 'ZPH',
    noun: 'Zip Hoodie',
    firstSize: 'XS',
    prices: [1699, 1499, 1799],
    palette: ['Bk', 'Nb', 'Gm', 'Cm', 'Mn'],
    fabric: '80% Cotton, 20% Polyester fleece',
    gsm: 320,
    fit: 'Regular fit',
    extraDetails: ['Full-length metal zip', 'Split pouch pockets'],
    chart: { chest: [36.5, 2], length: [25, 1], shoulder: [16, 0.75], sleeveLength: [23.5, 0.5] },
  },
  'Crop Hoodie': {
    type: 'Crop Hoodie',
    code: 'CRH',
    noun: 'Crop Hoodie',
    firstSize: 'XS',
    prices: [1199, 999, 1299],
    palette: ['Bk', 'Wh', 'LBp', 'Lv', 'Gm', 'Be'],
    fabric: '80% Cotton, 20% Polyester fleece',
    gsm: 300,
    fit: 'Cropped relaxed fit',
    extraDetails: ['Wide ribbed hem', 'Brushed fleece inside'],
    chart: { chest: [36, 2], length: [18, 0.5], shoulder: [17, 0.75], sleeveLength: [22, 0.5] },
  },
  Sweatshirt: {
    type: 'Sweatshirt',
    code: 'SWT',
    noun: 'Sweatshirt',
    firstSize: 'XS',
    prices: [1299, 1199, 1499],
    palette: ['Bk', 'Wh', 'Nb', 'Gm', 'Mn', 'MYI', 'Gn', 'Sb'],
    fabric: '80% Cotton, 20% Polyester fleece',
    gsm: 300,
    fit: 'Regular fit',
    extraDetails: ['Ribbed cuffs and hem', 'Brushed fleece inside'],
    chart: { chest: [36, 2], length: [25, 1], shoulder: [16, 0.75], sleeveLength: [23.5, 0.5] },
  },
  'Oversized Sweatshirt': {
    type: 'Oversized Sweatshirt',
    code: 'OSW',
    noun: 'Oversized Sweatshirt',
    firstSize: 'S',
    prices: [1499, 1299, 1599],
    palette: ['Bk', 'Be', 'OG', 'Lv', 'BRd', 'Cop'],
    fabric: '80% Cotton, 20% Polyester fleece',
    gsm: 320,
    fit: 'Oversized fit',
    extraDetails: ['Drop shoulder', 'Ribbed cuffs and hem'],
    chart: { chest: [44, 2], length: [27, 1], shoulder: [22, 1], sleeveLength: [22, 0.5] },
  },
  'Varsity Jacket': {
    type: 'Varsity Jacket',
    code: 'VJK',
    noun: 'Varsity Jacket',
    firstSize: 'S',
    prices: [1999, 1899, 1799],
    palette: ['Bk', 'Nb', 'Mn', 'Gn', 'Rb', 'pb'],
    fabric: 'Cotton fleece body, faux-leather sleeves',
    gsm: 360,
    fit: 'Regular fit',
    extraDetails: ['Snap-button front', 'Striped rib collar, cuffs and hem', 'Quilted lining'],
    chart: {
      chest: [42, 2],
      length: [26.5, 1],
      shoulder: [18.5, 0.75],
      sleeveLength: [25, 0.5],
      sleeveOpen: [4, 0.25],
    },
  },
};

const SIZE_ORDER: readonly Size[] = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

export function sizesFor(def: GarmentDef): Size[] {
  return SIZE_ORDER.slice(SIZE_ORDER.indexOf(def.firstSize));
}

/** Full size chart in inches, one row per size in size order. */
export function sizeChartFor(def: GarmentDef): SizeChartRowRecord[] {
  return sizesFor(def).map((size, step) => {
    const at = ([first, perSize]: [number, number]) => Math.round((first + perSize * step) * 100) / 100;
    const row: SizeChartRowRecord = { size, chest: at(def.chart.chest), length: at(def.chart.length) };
    if (def.chart.shoulder) row.shoulder = at(def.chart.shoulder);
    if (def.chart.sleeveLength) row.sleeveLength = at(def.chart.sleeveLength);
    if (def.chart.sleeveOpen) row.sleeveOpen = at(def.chart.sleeveOpen);
    return row;
  });
}

// ---------------------------------------------------------------- collections

export interface SubCategoryDef {
  name: string;
  description: string;
  /** Garment types sold under it, with relative weights. */
  garments: readonly { type: GarmentType; weight: number }[];
  /** Share of the catalogue, relative. */
  weight: number;
}

export interface GroupDef {
  name: string;
  description: string;
  /** Thumbnail backdrop and accent. */
  tint: { background: string; accent: string; badge?: string };
  subCategories: readonly SubCategoryDef[];
}

export const GROUPS: readonly GroupDef[] = [
  {
    name: 'Men',
    description:
      'Oversized tees, acid wash, hoodies and varsity jackets cut for the street. Heavyweight cotton and bold prints, made in India.',
    tint: { background: '#e5e7eb', accent: '#f97316' },
    subCategories: [
      {
        name: 'Oversized T-Shirt',
        description: 'Drop-shoulder tees in 240 GSM cotton with big back prints.',
        garments: [
          { type: 'Oversized T-shirt', weight: 3 },
          { type: 'Terry Oversized T-shirt', weight: 1 },
        ],
        weight: 14,
      },
      {
        name: 'Acid Wash T-Shirt',
        description: 'Hand acid-washed oversized tees: no two alike.',
        garments: [{ type: 'Acid Wash Oversized T-shirt', weight: 1 }],
        weight: 7,
      },
      {
        name: 'Hoodie',
        description: 'Fleece hoodies, regular and oversized, with kangaroo pockets.',
        garments: [
          { type: 'Hooded Sweatshirt', weight: 2 },
          { type: 'Oversized Hooded Sweatshirt', weight: 2 },
          { type: 'Acid Wash Hoodie', weight: 1 },
        ],
        weight: 10,
      },
      {
        name: 'Zip Hoodie',
        description: 'Full-zip fleece hoodies for layering.',
        garments: [{ type: 'Zip Hoodie', weight: 1 }],
        weight: 5,
      },
      {
        name: 'Sweatshirt',
        description: 'Crew-neck sweatshirts, classic and oversized.',
        garments: [
          { type: 'Sweatshirt', weight: 1 },
          { type: 'Oversized Sweatshirt', weight: 1 },
        ],
        weight: 7,
      },
      {
        name: 'Varsity Jacket',
        description: 'Letterman-style jackets with contrast sleeves and striped rib trims.',
        garments: [{ type: 'Varsity Jacket', weight: 1 }],
        weight: 4,
      },
    ],
  },
  {
    name: 'Women',
    description:
      'Crop tops, crop hoodies, classic tees and sweatshirts with prints inspired by anime, comics and city nights.',
    tint: { background: '#fce7f3', accent: '#ec4899' },
    subCategories: [
      {
        name: 'Crop Top',
        description: 'Boxy cropped tees for hot days and late nights.',
        garments: [{ type: 'Crop Top', weight: 1 }],
        weight: 8,
      },
      {
        name: 'Crop Hoodie',
        description: 'Cropped fleece hoodies with wide ribbed hems.',
        garments: [{ type: 'Crop Hoodie', weight: 1 }],
        weight: 5,
      },
      {
        name: 'Classic T-Shirt',
        description: 'Regular-fit tees in soft combed cotton.',
        garments: [{ type: "Women's Classic T-shirt", weight: 1 }],
        weight: 7,
      },
      {
        name: 'Oversized T-Shirt',
        description: 'Oversized tees for a relaxed drape, plain, terry or acid wash.',
        garments: [
          { type: 'Oversized T-shirt', weight: 3 },
          { type: 'Terry Oversized T-shirt', weight: 1 },
          { type: 'Acid Wash Oversized T-shirt', weight: 1 },
        ],
        weight: 7,
      },
      {
        name: 'Sweatshirt',
        description: 'Cosy crew-neck sweatshirts in classic and oversized fits.',
        garments: [
          { type: 'Sweatshirt', weight: 1 },
          { type: 'Oversized Sweatshirt', weight: 1 },
        ],
        weight: 5,
      },
    ],
  },
  {
    name: 'Newly Added',
    description: 'Fresh drops from the Rangrez studio, straight off the press.',
    tint: { background: '#fef3c7', accent: '#facc15', badge: 'NEW' },
    subCategories: [
      {
        name: 'Oversized T-Shirt',
        description: 'The newest oversized tees.',
        garments: [
          { type: 'Oversized T-shirt', weight: 2 },
          { type: 'Acid Wash Oversized T-shirt', weight: 1 },
        ],
        weight: 5,
      },
      {
        name: 'Hoodie',
        description: 'The newest hoodies.',
        garments: [
          { type: 'Hooded Sweatshirt', weight: 1 },
          { type: 'Acid Wash Hoodie', weight: 1 },
        ],
        weight: 4,
      },
      {
        name: 'Crop Top',
        description: 'The newest crop tops.',
        garments: [{ type: 'Crop Top', weight: 1 }],
        weight: 3,
      },
    ],
  },
];

export const NEWLY_ADDED_GROUP = 'Newly Added';

// ---------------------------------------------------------------- copy

export const PRINT_METHODS = ['DTF', 'screen', 'DTG'] as const;

export const PAIRINGS = [
  'Pair it with cargos and chunky sneakers',
  'Throw it over wide-leg denim for an easy everyday look',
  'Layer it under an open shirt when the evening cools down',
  'Style it with joggers for a late-night chai run',
  'Wear it with shorts and slides on a lazy Sunday',
] as const;

export const ADD_INFO = [
  'Manufacturer: Rangrez Apparel, Tiruppur, Tamil Nadu 641604, India',
  'Printed and packed by our print-on-demand partner in India',
  'Country of origin: India',
  'Care: machine wash cold, inside out; do not bleach; dry in shade; do not iron on the print',
].join('\n');

// ---------------------------------------------------------------- slides

export interface SlideDef {
  title: string;
  subtitle: string;
  cta: string;
  ctaLink: string;
  isActive: boolean;
  theme: { background: string; deep: string; accent: string; word: string };
  garments: readonly { type: GarmentType; colour: ColourCode; design: ThemeName }[];
}

export const SLIDES: readonly SlideDef[] = [
  {
    title: 'Drop 04: Tokyo Drift',
    subtitle: 'Heavyweight oversized tees with kanji-inspired prints. Made in India.',
    cta: 'Shop Oversized',
    ctaLink: '/collection/men/oversized-t-shirt',
    isActive: true,
    theme: { background: '#111827', deep: '#1f2937', accent: '#ef4444', word: 'DROP 04' },
    garments: [
      { type: 'Oversized T-shirt', colour: 'Bk', design: 'Tokyo Drift' },
      { type: 'Hooded Sweatshirt', colour: 'Mn', design: 'Konkan Coast' },
      { type: 'Acid Wash Oversized T-shirt', colour: 'Cm', design: 'Bengal Tiger' },
    ],
  },
  {
    title: 'Crop Club',
    subtitle: 'Crop tops and crop hoodies in pastel shades, fresh for the season.',
    cta: 'Shop Women',
    ctaLink: '/collection/women/crop-top',
    isActive: true,
    theme: { background: '#f9a8d4', deep: '#f472b6', accent: '#fef08a', word: 'CROP CLUB' },
    garments: [
      { type: 'Crop Top', colour: 'Lv', design: 'Stay Weird' },
      { type: 'Crop Hoodie', colour: 'Wh', design: 'Neon Nights' },
      { type: 'Crop Top', colour: 'Bk', design: 'No Cap' },
    ],
  },
  {
    title: 'Free Shipping on Prepaid Orders',
    subtitle: 'Pay online and we ship free across India. 7-day returns on manufacturing defects.',
    cta: 'Learn More',
    ctaLink: '#',
    isActive: true,
    theme: { background: '#064e3b', deep: '#065f46', accent: '#facc15', word: 'FREE SHIP' },
    garments: [
      { type: 'Sweatshirt', colour: 'MYI', design: 'Cutting Chai' },
      { type: 'Varsity Jacket', colour: 'Nb', design: 'Rangrez Classic' },
      { type: 'Oversized Sweatshirt', colour: 'Be', design: 'Dhishoom' },
    ],
  },
  {
    title: 'Monsoon Sale',
    subtitle: 'Coming back soon.',
    cta: '',
    ctaLink: '',
    isActive: false,
    theme: { background: '#1e3a8a', deep: '#1e40af', accent: '#38bdf8', word: 'MONSOON' },
    garments: [
      { type: 'Zip Hoodie', colour: 'Gm', design: 'Mumbai Local' },
      { type: 'Acid Wash Hoodie', colour: 'Bk', design: 'High Voltage' },
      { type: 'Oversized Hooded Sweatshirt', colour: 'OG', design: 'Ronin Code' },
    ],
  },
];

// ---------------------------------------------------------------- reviews

export const REVIEWERS: readonly { firstName: string; lastName: string; city: string; state: string }[] = [
  { firstName: 'Aarav', lastName: 'Sharma', city: 'Delhi', state: 'Delhi' },
  { firstName: 'Ananya', lastName: 'Iyer', city: 'Chennai', state: 'Tamil Nadu' },
  { firstName: 'Kabir', lastName: 'Mehta', city: 'Mumbai', state: 'Maharashtra' },
  { firstName: 'Diya', lastName: 'Banerjee', city: 'Kolkata', state: 'West Bengal' },
  { firstName: 'Vihaan', lastName: 'Reddy', city: 'Hyderabad', state: 'Telangana' },
  { firstName: 'Ishita', lastName: 'Kapoor', city: 'Chandigarh', state: 'Chandigarh' },
  { firstName: 'Arjun', lastName: 'Nair', city: 'Kochi', state: 'Kerala' },
  { firstName: 'Meera', lastName: 'Joshi', city: 'Pune', state: 'Maharashtra' },
  { firstName: 'Rohan', lastName: 'Das', city: 'Guwahati', state: 'Assam' },
  { firstName: 'Saanvi', lastName: 'Gupta', city: 'Lucknow', state: 'Uttar Pradesh' },
  { firstName: 'Aditya', lastName: 'Singh', city: 'Jaipur', state: 'Rajasthan' },
  { firstName: 'Zara', lastName: 'Khan', city: 'Bengaluru', state: 'Karnataka' },
  { firstName: 'Tanvi', lastName: 'Patel', city: 'Ahmedabad', state: 'Gujarat' },
  { firstName: 'Nikhil', lastName: 'Verma', city: 'Bhopal', state: 'Madhya Pradesh' },
];

export const REVIEW_COMMENTS: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly string[]>> = {
  5: [
    'Fabric is thick and the print is super sharp. Already ordered another colour.',
    'Fits exactly like the size chart says. Love the oversized drop.',
    'Got so many compliments at college. Worth every rupee.',
    'Washed it five times, print still looks new.',
    'Delivered in 4 days, packaging was neat. Quality is top notch.',
    'Best streetwear I have bought online in India, honestly.',
  ],
  4: [
    'Great quality, colour slightly darker than the photos.',
    'Really comfortable. Took one size down and it fits well.',
    'Print is solid, stitching is clean. Delivery took a bit long.',
    'Nice heavy fabric, a little warm for Chennai afternoons.',
  ],
  3: [
    'Decent for the price, but the fit runs a little large.',
    'Okay quality. The colour faded slightly after a few washes.',
    'Good design, fabric feels thinner than expected.',
  ],
  2: ['Print started cracking after a month.', 'Size was off, had to exchange it.'],
  1: ['Received the wrong colour and support took a week to reply.'],
};

/** One sentence per motif for product descriptions (no inner periods: the product page splits on them). */
export const MOTIF_BLURBS: Readonly<Record<Motif, string>> = {
  kanji: 'The print borrows from neon-lit Tokyo side streets and the anime we grew up on',
  'rising-sun': 'A sunset over the Konkan coast meets a Hokusai wave on this one',
  wordmark: 'Our Rangrez wordmark, set big and bold for people who like it simple',
  tiger: 'Bengal tiger stripes for the ones who move like they own the jungle',
  'comic-burst': 'A comic-book burst straight out of a Sunday matinee fight scene',
  'retro-grid': 'An outrun sunset and a neon grid for late-night drives',
  mandala: 'A block-print mandala that nods to the dyers and printers of Jaipur',
  lightning: 'A lightning bolt and the words that need no explaining',
  'acid-smiley': 'A melting smiley for the rave kids and the daydreamers',
  chai: 'For everyone whose day starts and ends with a hot cup',
  train: 'A suburban train head-on, for everyone who has made the 8:14 with a second to spare',
  skyline: 'A city roofline under a rising moon, drawn for the ones who know every lane of it',
  kite: 'Two fighter kites and a sky full of manja, straight from the terraces of Makar Sankranti',
  cassette: 'A mixtape from the days of rewinding with a pencil',
};
