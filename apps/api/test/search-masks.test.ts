// Search tests its size and colour filters, and counts their facets, on bit masks kept beside the arrays
// (docs/search.md#speed): the last size of the chart, the last colour of the palette (bit 32, past 32-bit integers)
// and a code outside the palette must all come through as the arrays would give them.
import { createCategoryGroup, createProduct, createSubCategory } from '@rangrez/db/factories/catalogue';
import { SEARCH_MASK_COLOURS, SEARCH_MASK_SIZES, productSearch } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from './helpers.ts';

let t: TestApp;
let edgeId = '';

interface Answer {
  products: { name: string }[];
  facets: { size: { value: string; count: number }[]; color: { value: string; count: number }[] };
}
const search = async (query: string): Promise<Answer> => {
  const res = await t.app.inject({ url: `/api/v1/search${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as Answer;
};
const names = async (query: string) => (await search(query)).products.map((p) => p.name).sort();

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const men = await createCategoryGroup(db, { name: 'Men', position: 0 });
  const tees = await createSubCategory(db, { name: 'Tee', parentId: men.id });
  const edge = await createProduct(db, {
    categoryId: tees.id,
    name: 'Beige Edge Tee',
    sizes: ['XXXL'],
    colors: ['Be', 'Xq'],
  });
  edgeId = edge.id;
  await createProduct(db, { categoryId: tees.id, name: 'Black Middle Tee', sizes: ['M'], colors: ['Bk'] });
});
afterAll(() => t.close());

describe('search on size and colour masks', () => {
  it("keeps a product's sizes and palette colours as bits, and codes outside the palette beside them", async () => {
    const [row] = await t.database.db
      .select({
        size: productSearch.sizeMask,
        color: productSearch.colorMask,
        other: productSearch.otherColors,
      })
      .from(productSearch)
      .where(eq(productSearch.productId, edgeId));
    expect(row).toEqual({ size: 64, color: 2 ** 32, other: ['Xq'] });
  });

  it('gives each size and palette colour the bit the API decodes it with (a list changed without a migration fails)', async () => {
    const db = t.database.db;
    const bits = async (sizes: string[], colors: string[]) => {
      // Unpublished: the other tests' counts do not see them.
      const { id } = await createProduct(db, { name: 'Mask Probe', sizes, colors, isActive: false });
      const [row] = await db
        .select({
          size: productSearch.sizeMask,
          color: productSearch.colorMask,
          other: productSearch.otherColors,
        })
        .from(productSearch)
        .where(eq(productSearch.productId, id));
      return row!;
    };
    for (const [i, code] of SEARCH_MASK_COLOURS.entries()) {
      expect(await bits(['M'], [code]), code).toEqual({ size: 4, color: 2 ** i, other: [] });
    }
    for (const [i, size] of SEARCH_MASK_SIZES.entries()) {
      expect((await bits([size], ['Bk'])).size, size).toBe(2 ** i);
    }
  });

  it('counts every size and colour, off-palette codes included', async () => {
    const { facets } = await search('');
    expect(facets.size).toEqual([
      { value: 'M', count: 1 },
      { value: 'XXXL', count: 1 },
    ]);
    expect([...facets.color].sort((a, b) => (a.value < b.value ? -1 : 1))).toEqual([
      { value: 'Be', count: 1 },
      { value: 'Bk', count: 1 },
      { value: 'Xq', count: 1 },
    ]);
  });

  it('filters by the last size, the last palette colour and an off-palette code', async () => {
    expect(await names('?size=XXXL')).toEqual(['Beige Edge Tee']);
    expect(await names('?color=Be')).toEqual(['Beige Edge Tee']);
    expect(await names('?color=Xq')).toEqual(['Beige Edge Tee']);
    expect(await names('?color=Bk,Xq')).toEqual(['Beige Edge Tee', 'Black Middle Tee']);
    expect(await names('?size=M&color=Xq')).toEqual([]);
  });

  it('applies the colour filter to the size facet and the size filter to the colour facet, not their own', async () => {
    const byColour = await search('?color=Xq');
    expect(byColour.facets.size).toEqual([{ value: 'XXXL', count: 1 }]);
    expect(byColour.facets.color.map((c) => c.value).sort()).toEqual(['Be', 'Bk', 'Xq']);
    const bySize = await search('?size=M');
    expect(bySize.facets.color).toEqual([{ value: 'Bk', count: 1 }]);
    expect(bySize.facets.size.map((s) => s.value)).toEqual(['M', 'XXXL']);
  });
});
