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
