// Collection route slugs (docs/product/rules.md#collection-slugs): lower-case name with spaces turned into hyphens,
// converted back to a Title Case name with T-Shirt special-cased ('oversized-t-shirt' -> 'Oversized T-Shirt').

/** 'Oversized T-Shirt' -> 'oversized-t-shirt'; 'Newly Added' -> 'newly-added'. Runs of spaces give one hyphen. */
export function toSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

function titleCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** 'oversized-t-shirt' -> 'Oversized T-Shirt'; 'newly-added' -> 'Newly Added'; 'men' -> 'Men'. */
export function fromSlug(slug: string): string {
  return slug
    .trim()
    .split('-')
    .filter((word) => word.length > 0)
    .map(titleCase)
    .join(' ')
    .replace(/\bT Shirt\b/g, 'T-Shirt');
}

/** Whether a display name and a slug (or two names) denote the same collection, whatever their case. */
export function sameSlug(a: string, b: string): boolean {
  return toSlug(a) === toSlug(b);
}

/** A product slug: lower-case letters, digits and single hyphens, at most 80 characters. */
export const PRODUCT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A product's default slug: its name in lower-case words joined by hyphens, then the start of its id, so two
 * products of one name never collide ('Oni Mask Tee' -> 'oni-mask-tee-1f2e3d4c'). The same rule as the migration
 * that gave existing products their slugs.
 */
export function productSlug(name: string, id: string): string {
  const words = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 70)
    .replace(/-+$/, '');
  const suffix = id.slice(0, 8).toLowerCase();
  return words ? `${words}-${suffix}` : suffix;
}
