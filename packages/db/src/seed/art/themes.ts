// The demo catalogue's print themes. A product is named after its theme ('Mumbai Local Hoodie') and its print draws
// the theme's motif with the theme's own words and colours, so no two products of the demo catalogue share a print
// (docs/demo-catalogue.md#prints).

export const MOTIFS = [
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
  'train',
  'skyline',
  'kite',
  'cassette',
] as const;
export type Motif = (typeof MOTIFS)[number];

export interface Theme {
  /** The first words of the product's name, and the words on the print. */
  name: string;
  motif: Motif;
  /** Which of the motif's variations (shapes and colours) this theme draws, 0-5. */
  variant: number;
}

const BY_MOTIF: Readonly<Record<Motif, readonly string[]>> = {
  kanji: ['Tokyo Drift', 'Shinobi', 'Ronin Code', 'Kaiju District', 'Shibuya Nights', 'Neo Kyoto'],
  'rising-sun': ['Tide Runner', 'Great Wave', 'Konkan Coast', 'Monsoon Surf', 'Goa Sunset', 'Marine Drive'],
  wordmark: ['Rangrez Classic', 'Signature', 'Original Dyer', 'Core Logo', 'Since 2024'],
  tiger: ['Bengal Tiger', 'Sundarbans', 'Wild Stripe', 'Big Cat Energy', 'Jungle Raj', 'Sher Khan'],
  'comic-burst': ['Dhishoom', 'Pow Pow', 'Plot Twist', 'Main Character', 'Comic Relief', 'Dhamaka'],
  'retro-grid': ['Neon Nights', 'Synthwave', 'Outrun', 'Midnight Drive', 'Arcade Kid', 'Bombay Retro'],
  mandala: ['Block Print', 'Jaipur Bloom', 'Indigo Mandala', 'Chakra', 'Rangoli', 'Kolam'],
  lightning: ['No Cap', 'High Voltage', 'Bijli', 'Power Cut', 'Thunder Road', 'Full Charge'],
  'acid-smiley': ['Stay Weird', 'Good Vibes Only', 'Acid House', 'Rave Kid', 'Melt Down', 'Sab Changa'],
  chai: ['Cutting Chai', 'Chai Over Everything', 'Tapri Talks', 'Adrak Wali', 'Kadak', 'Filter Kaapi'],
  train: [
    'Mumbai Local',
    'Virar Fast',
    'Dadar Junction',
    'Churchgate Express',
    'Howrah Mail',
    'Metro Hopper',
  ],
  skyline: [
    'Bombay Skyline',
    'Dilli Nights',
    'Namma Bengaluru',
    'City of Joy',
    'Charminar Lights',
    'Pink City',
  ],
  kite: ['Patang Baaz', 'Uttarayan', 'Sky Fighter', 'Kai Po Che', 'Manja Gang', 'High Flyer'],
  cassette: ['Mixtape', 'Retro Beats', 'Side B', 'Filmi Hits', 'Rewind', 'Bollywood Bass'],
};

/** Every theme, motif by motif. */
export const THEMES: readonly Theme[] = MOTIFS.flatMap((motif) =>
  BY_MOTIF[motif].map((name, variant) => ({ name, motif, variant })),
);

/** A theme's name; the demo catalogue's art and copy refer to themes by it. */
export type ThemeName = string;

const BY_NAME: ReadonlyMap<string, Theme> = new Map(THEMES.map((theme) => [theme.name, theme]));

export function themeByName(name: ThemeName): Theme {
  const theme = BY_NAME.get(name);
  if (!theme) throw new Error(`no print theme ${name}`);
  return theme;
}

/** The theme's words as one or two lines, split at the space nearest the middle when longer than `perLine`. */
export function themeLines(name: string, perLine = 12): string[] {
  const upper = name.toUpperCase();
  if (upper.length <= perLine || !upper.includes(' ')) return [upper];
  let best = -1;
  for (let i = upper.indexOf(' '); i !== -1; i = upper.indexOf(' ', i + 1)) {
    if (best === -1 || Math.abs(i - upper.length / 2) < Math.abs(best - upper.length / 2)) best = i;
  }
  return [upper.slice(0, best), upper.slice(best + 1)];
}
