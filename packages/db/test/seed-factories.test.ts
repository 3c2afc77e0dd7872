import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategoryGroup,
  createProduct,
  createProductCategory,
  createReview,
  createSubCategory,
  variantStock,
} from '../src/factories/catalogue.ts';
import { createMedia } from '../src/factories/media.ts';
import { createCartItem, createWishlistItem } from '../src/factories/shopping.ts';
import { createSlide } from '../src/factories/slides.ts';
import { createUser } from '../src/factories/users.ts';
import { categories, productCategories, productImages, productVariants } from '../src/schema.ts';
import { createTestDatabase } from '../src/testing/test-db.ts';
import type { TestDatabase } from '../src/testing/test-db.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.close();
});

describe('factories', () => {
  it('createProduct: valid defaults, a sub-category under a group, the Oversized T-shirt garment type', async () => {
    const a = await createProduct(tdb.db);
    const b = await createProduct(tdb.db, { name: 'Tokyo Drift Oversized Tee', stock: 0 });
    // 25 units (or the stock given) in every colour x size; the product's stock is their sum.
    expect(a).toMatchObject({
      pricePaise: 79_900,
      stock: 25 * 2 * 5,
      colors: ['Bk', 'Wh'],
      sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    });
    expect(b).toMatchObject({ name: 'Tokyo Drift Oversized Tee', stock: 0 });
    const variants = await tdb.db.select().from(productVariants).where(eq(productVariants.productId, a.id));
    expect(variants.map((v) => `${v.color}/${v.size}=${v.stock}`).sort()).toEqual(
      ['Bk', 'Wh'].flatMap((c) => ['S', 'M', 'L', 'XL', 'XXL'].map((s) => `${c}/${s}=25`)).sort(),
    );
    expect(variants.every((v) => v.sellable && v.fulfilmentSku === '')).toBe(true);
    expect(await variantStock(tdb.db, a.id, 'Wh', 'XL')).toBe(25);
    expect(await variantStock(tdb.db, b.id, 'Bk', 'M')).toBe(0);
    await expect(variantStock(tdb.db, a.id, 'Rd', 'M')).rejects.toThrow(/no variant Rd\/M/);
    expect(a.sku).not.toBe(b.sku);
    expect(a.productCategoryId).toBe(b.productCategoryId);
    const [sub] = await tdb.db.select().from(categories).where(eq(categories.id, a.categoryId));
    expect(sub?.parentId).not.toBeNull();
    const [type] = await tdb.db
      .select()
      .from(productCategories)
      .where(eq(productCategories.id, a.productCategoryId!));
    expect(type?.name).toBe('Oversized T-shirt');
    expect(type?.sizeChart.length).toBe(5);
    expect(a.imageId).toBeNull();
  });

  it('createProduct: optional file-less images per colour', async () => {
    const p = await createProduct(tdb.db, { colors: ['Rd', 'Nb', 'Wh'], stock: 4 }, { images: true });
    const images = await tdb.db.select().from(productImages).where(eq(productImages.productId, p.id));
    expect(images).toHaveLength(6);
    expect(p.imageId).toBe(images.find((i) => i.color === 'Rd' && i.position === 0)?.mediaId);
    // The product as it is after its variants and images: 4 units in each of 3 colours x 5 sizes.
    expect(p.stock).toBe(4 * 3 * 5);
  });

  it('createProduct: shares a given category and garment type, or none', async () => {
    const group = await createCategoryGroup(tdb.db, { name: 'Men' });
    const sub = await createSubCategory(tdb.db, { name: 'Oversized T-Shirt', parentId: group.id });
    expect(sub.slug).toBe('oversized-t-shirt');
    const hoodie = await createProductCategory(tdb.db, { name: 'Hooded Sweatshirt' });
    expect(hoodie.sizeChart[0]?.size).toBe('XS');
    expect((await createProductCategory(tdb.db, { name: 'Hooded Sweatshirt' })).id).toBe(hoodie.id);
    const p = await createProduct(tdb.db, { categoryId: sub.id, productCategoryId: hoodie.id });
    expect([p.categoryId, p.productCategoryId]).toEqual([sub.id, hoodie.id]);
    expect((await createProduct(tdb.db, { productCategoryId: null })).productCategoryId).toBeNull();
  });

  it('createUser: unique lower-case e-mail, no password by default', async () => {
    const a = await createUser(tdb.db);
    const b = await createUser(tdb.db, { email: 'Priya.Shah@Example.TEST', firstName: 'Priya' });
    expect(a.email).not.toBe(b.email);
    expect(b.email).toBe('priya.shah@example.test');
    expect(a.passwordHash).toBeNull();
  });

  it('creates reviews, slides, media, cart and wishlist rows with their parents', async () => {
    const review = await createReview(tdb.db, { rating: 5 });
    expect(review.rating).toBe(5);
    // Like the seed's: approved demo content unless a test says otherwise.
    expect([review.isDemo, review.status]).toEqual([true, 'approved']);
    const shoppers = await createReview(tdb.db, { isDemo: false, status: 'pending' });
    expect([shoppers.isDemo, shoppers.status]).toEqual([false, 'pending']);
    const slide = await createSlide(tdb.db, { isActive: false, ctaLink: '#' });
    expect(slide).toMatchObject({ isActive: false, ctaLink: '#', cta: 'Shop Now' });
    const m = await createMedia(tdb.db);
    expect(m.key).toMatch(/^[0-9a-f]{32}$/);
    const line = await createCartItem(tdb.db, { quantity: 3 });
    expect(line).toMatchObject({ size: 'M', color: 'Bk', quantity: 3 });
    const wish = await createWishlistItem(tdb.db);
    expect(wish.productId).toBeTruthy();
  });
});
