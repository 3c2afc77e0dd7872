// The search index's copies of the products' columns and the names' words (docs/decisions/040-search-speed.md):
// the products' trigger keeps them, so a search follows a new price, an unpublished product, a moved product and
// a renamed one, and a typo is matched against the words of the names only.
import {
  createCategoryGroup,
  createProduct,
  createSubCategory,
} from '@rangrez/db/factories/catalogue';
import { productSearch, products, searchWords } from '@rangrez/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from './helpers.ts';

let t: TestApp;
const names = async (url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  return (res.json() as { products: { name: string }[] }).products.map((p) => p.name);
};
const update = (id: string, set: Partial<typeof products.$inferInsert>) =>
  t.database.db.update(products).set(set).where(eq(products.id, id));
let bomberId = '';
let jacketsId = '';
let shirtsId = '';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const men = await createCategoryGroup(db, { name: 'Men', position: 0 });
  jacketsId = (await createSubCategory(db, { name: 'Jackets', parentId: men.id })).id;
  shirtsId = (await createSubCategory(db, { name: 'Shirts', parentId: men.id })).id;
  const bomber = await createProduct(db, {
    categoryId: jacketsId,
    productCategoryId: null,
    name: 'Zephyr Bomber',
    description: 'A light jacket for the monsoon.',
    pricePaise: 249_900,
    sizes: ['M', 'L'],
    colors: ['Bk'],
    createdAt: new Date(Date.UTC(2026, 0, 1)),
  });
  bomberId = bomber.id;
  await createProduct(db, {
    categoryId: shirtsId,
    productCategoryId: null,
    name: 'Linen Camp Shirt',
    description: 'Pairs well with a zephyr jacket.',
    pricePaise: 129_900,
    sizes: ['S', 'M'],
    colors: ['Wh'],
    createdAt: new Date(Date.UTC(2026, 0, 2)),
  });
});

afterAll(async () => {
  await t.close();
});

describe('the search index follows the products', () => {
  it('copies the price, sizes, colours, publication, date and collection of each product', async () => {
    const [row] = await t.database.db.select().from(productSearch).where(eq(productSearch.productId, bomberId));
    expect(row).toMatchObject({
      isActive: true,
      pricePaise: 249_900,
      sizes: ['M', 'L'],
      colors: ['Bk'],
      createdAt: new Date(Date.UTC(2026, 0, 1)),
      categoryId: jacketsId,
    });
  });

  it('filters by the new price, sizes and colours once they change', async () => {
    expect(await names('/api/v1/search?q=bomber&maxPrice=999')).toEqual([]);
    await update(bomberId, { pricePaise: 99_900, sizes: ['XL'], colors: ['Rd'] });
    expect(await names('/api/v1/search?q=bomber&maxPrice=999')).toEqual(['Zephyr Bomber']);
    expect(await names('/api/v1/search?q=bomber&size=XL&color=Rd')).toEqual(['Zephyr Bomber']);
    expect(await names('/api/v1/search?q=bomber&size=M')).toEqual([]);
  });

  it('drops an unpublished product and finds it again once published', async () => {
    await update(bomberId, { isActive: false });
    expect(await names('/api/v1/search?q=bomber')).toEqual([]);
    await update(bomberId, { isActive: true });
    expect(await names('/api/v1/search?q=bomber')).toEqual(['Zephyr Bomber']);
  });

  it('finds a product in the collection it was moved to', async () => {
    await update(bomberId, { categoryId: shirtsId });
    expect(await names('/api/v1/search?q=bomber&category=men&subCategory=jackets')).toEqual([]);
    expect(await names('/api/v1/search?q=bomber&category=men&subCategory=shirts')).toEqual(['Zephyr Bomber']);
    await update(bomberId, { categoryId: jacketsId });
  });

  it('orders by the copied date and price', async () => {
    expect(await names('/api/v1/search?sort=newest')).toEqual(['Linen Camp Shirt', 'Zephyr Bomber']);
    await update(bomberId, { createdAt: new Date(Date.UTC(2026, 0, 3)) });
    expect(await names('/api/v1/search?sort=newest')).toEqual(['Zephyr Bomber', 'Linen Camp Shirt']);
  });
});

describe('typos against the words of the names', () => {
  it('keeps every word of every name it has seen, without stop words', async () => {
    const words = await t.database.db
      .select()
      .from(searchWords)
      .where(inArray(searchWords.word, ['zephyr', 'bomber', 'linen', 'camp', 'shirt', 'the']));
    expect(words.map((w) => w.word).sort()).toEqual(['bomber', 'camp', 'linen', 'shirt', 'zephyr']);
  });

  it('finds a misspelt word of a name, and not the products that only describe it', async () => {
    expect(await names('/api/v1/search?q=zephir')).toEqual(['Zephyr Bomber']);
    expect(await names('/api/v1/search?q=bombr')).toEqual(['Zephyr Bomber']);
  });

  it('finds a name by the word of a longer text that is near enough', async () => {
    // 'camp' holds half of the text's trigrams; 'shirt' shares only 3 of 10 with it.
    expect(await names('/api/v1/search?q=camp%20shrt')).toEqual(['Linen Camp Shirt']);
  });

  it('finds a renamed product by a typo of its new name', async () => {
    await update(bomberId, { name: 'Quasar Bomber' });
    expect(await names('/api/v1/search?q=quasr')).toEqual(['Quasar Bomber']);
    await update(bomberId, { name: 'Zephyr Bomber' });
  });

  it('finds nothing for a text that is like no word of any name', async () => {
    expect(await names('/api/v1/search?q=xylophone')).toEqual([]);
  });
});
