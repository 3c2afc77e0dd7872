// What the benchmarks load, read from the running store: a product and the fullest collection.
import { toSlug } from '@rangrez/contract/rules';

async function getJson(base: string, path: string) {
  const res = await fetch(`${base}${path}`);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return { body: (await res.json()) as unknown, total: Number(res.headers.get('x-total-count') ?? 0) };
}

/** The newest product: the first of the list, on every catalogue size. */
export async function firstProductId(base: string): Promise<string> {
  const { body } = await getJson(base, '/api/v1/products?limit=1');
  const id = (body as { products: { _id: string }[] }).products[0]?._id;
  if (!id) throw new Error('the catalogue is empty');
  return id;
}

export interface Collection {
  category: string;
  sub: string;
  total: number;
}

/**
 * The most specific collection holding at least `size` products: a group/sub-category pair if one is that full
 * (the 10,000-product catalogue), else a whole group (`men/all`), else everything; the fullest on a tie.
 */
export async function fullCollection(base: string, size: number): Promise<Collection> {
  const { body } = await getJson(base, '/api/v1/subcategories');
  const data = (body as { data: Record<string, { name: string }[]> }).data;
  const pairs = Object.entries(data).flatMap(([group, list]) =>
    list.map((s) => ({ category: toSlug(group), sub: toSlug(s.name) })),
  );
  const levels = [
    pairs,
    Object.keys(data).map((group) => ({ category: toSlug(group), sub: 'all' })),
    [{ category: 'all', sub: 'all' }],
  ];
  let best: Collection = { category: 'all', sub: 'all', total: -1 };
  for (const level of levels) {
    for (const c of level) {
      const { total } = await getJson(base, `/api/v1/products/${c.category}/${c.sub}?limit=1`);
      if (total > best.total) best = { ...c, total };
    }
    if (best.total >= size) break;
  }
  return best;
}
