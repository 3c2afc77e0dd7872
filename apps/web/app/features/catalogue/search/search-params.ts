// The /search page's URL as the API's search query (docs/search.md): parameters that do not parse are dropped, so a
// hand-edited link still shows a page rather than an error.
import { type SearchParams, searchQuerySchema } from '@rangrez/contract/schemas';

const KEYS = ['q', 'sort', 'size', 'color', 'minPrice', 'maxPrice', 'cursor'] as const;

export function searchParamsFromUrl(params: URLSearchParams): SearchParams {
  const raw: Record<string, string> = {};
  for (const key of KEYS) {
    // Checkboxes send one value per box; the API takes them comma-separated.
    const values = params.getAll(key).filter((v) => v !== '');
    if (values.length > 0) raw[key] = values.join(',');
  }
  // The price band's radio without script: 'min-max' or 'min-'.
  const band = /^(\d+)-(\d*)$/.exec(params.get('price') ?? '');
  if (band && raw.minPrice === undefined) {
    raw.minPrice = band[1]!;
    if (band[2]) raw.maxPrice = band[2];
  }
  const whole = searchQuerySchema.safeParse(raw);
  if (whole.success) return whole.data;
  // Keep what is valid on its own.
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (searchQuerySchema.safeParse({ ...kept, [key]: value }).success) kept[key] = value;
  }
  return searchQuerySchema.parse(kept);
}
