import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  PRODUCT_LIST_DEFAULT_LIMIT,
  productColourErrorResponseSchema,
  productDetailQuerySchema,
  productDetailSchema,
  productListItemSchema,
  productListQuerySchema,
  productsByCategoryParamsSchema,
  slideSchema,
  slidersListQuerySchema,
  subcategoriesResponseSchema,
} from '../src/schemas/catalogue.ts';
import { healthResponseSchema } from '../src/schemas/common.ts';
import { pincodeParamsSchema, postalLookupResponseSchema } from '../src/schemas/pincode.ts';

function firstMessage(result: z.ZodSafeParseResult<unknown>): string | undefined {
  return result.error?.issues[0]?.message;
}

const img = (name: string) => `https://cdn.example.com/media/${name}.jpg`;

const listItem: z.input<typeof productListItemSchema> = {
  _id: 'p1',
  name: 'Oversized Tee',
  sku: 'RZ-1',
  price: 499,
  mrp: 799,
  stock: 12,
  image: img('p1'),
  thumbnail: img('p1-thumb'),
  size: ['S', 'M', 'L'],
  color: ['Bk', 'Wh'],
  description: 'Heavy cotton. Boxy fit.',
  category: { name: 'Oversized T-Shirt', parentCategory: { name: 'Men' } },
  averageRating: 4.5,
  reviewCount: 2,
};

const detail: z.input<typeof productDetailSchema> = {
  ...listItem,
  colorImages: [{ color: 'Bk', images: [img('p1-bk-1')] }],
  colorImageCounts: { Bk: 1, Wh: 0 },
  details: ['100% cotton'],
  addInfo: 'Machine wash',
  reviews: [{ rating: 4, comment: 'Nice', user: { firstName: 'Asha', avatar: '' }, photos: [] }],
  productCategory: { name: 'Oversized T-shirt', sizeChart: [{ size: 'M', chest: 42, length: 28 }] },
  recommendations: [listItem],
};

describe('slider query', () => {
  it('coerces and defaults', () => {
    expect(slidersListQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(slidersListQuerySchema.parse({ page: '2', limit: '100', isActive: 'false', x: 'y' })).toEqual({
      page: 2,
      limit: 100,
      isActive: false,
    });
  });

  it('rejects out-of-range or malformed values naming the field', () => {
    expect(firstMessage(slidersListQuerySchema.safeParse({ page: '0' }))).toBe(
      'page must be a whole number of at least 1',
    );
    expect(firstMessage(slidersListQuerySchema.safeParse({ page: 'abc' }))).toBe(
      'page must be a whole number of at least 1',
    );
    expect(firstMessage(slidersListQuerySchema.safeParse({ limit: '101' }))).toBe(
      'limit must be a whole number from 1 to 100',
    );
    expect(firstMessage(slidersListQuerySchema.safeParse({ limit: '2.5' }))).toBe(
      'limit must be a whole number from 1 to 100',
    );
    expect(firstMessage(slidersListQuerySchema.safeParse({ isActive: 'yes' }))).toBe(
      "isActive must be 'true' or 'false'",
    );
  });
});

describe('product queries', () => {
  it('reads q, limit and offset', () => {
    expect(productListQuerySchema.parse({})).toEqual({});
    expect(productListQuerySchema.parse({ q: ' hoodie ', limit: '20', offset: '0' })).toEqual({
      q: 'hoodie',
      limit: 20,
      offset: 0,
    });
    expect(firstMessage(productListQuerySchema.safeParse({ offset: '-1' }))).toBe(
      'offset must be a whole number of at least 0',
    );
    expect(productDetailQuerySchema.parse({ includeRecommendations: 'true' })).toEqual({
      includeRecommendations: true,
    });
  });
});

describe('catalogue responses', () => {
  it('slide keeps exactly its fields and needs absolute image URLs', () => {
    const slide = {
      id: 's1',
      title: 'Drop 01',
      subtitle: 'Anime streetwear',
      cta: 'Shop now',
      ctaLink: '/collection/men/hoodie',
      desktop: img('s1-d'),
      mobile: img('s1-m'),
      isActive: true,
    };
    expect(slideSchema.parse({ ...slide, clicks: 5, impressions: 9 })).toEqual(slide);
    expect(slideSchema.safeParse({ ...slide, desktop: '/media/s1.jpg' }).success).toBe(false);
    expect(slideSchema.safeParse({ ...slide, desktop: 'http://localhost:3000/media/s1.jpg' }).success).toBe(
      true,
    );
  });

  it('subcategories map group names to entries with a string parentCategory', () => {
    const entry = {
      id: 'c1',
      name: 'Hoodie',
      thumbnail: img('c1'),
      parentCategory: 'Men',
      description: 'Warm',
    };
    expect(
      subcategoriesResponseSchema.parse({ success: true, data: { Men: [{ ...entry, sortOrder: 3 }] } }),
    ).toEqual({
      success: true,
      data: { Men: [entry] },
    });
    expect(
      subcategoriesResponseSchema.safeParse({
        success: true,
        data: { Men: [{ ...entry, parentCategory: { name: 'Men' } }] },
      }).success,
    ).toBe(false);
  });

  it('list item is a subset of the detail', () => {
    expect(productListItemSchema.parse(detail)).toEqual(listItem);
    expect(Object.keys(productListItemSchema.shape).every((key) => key in productDetailSchema.shape)).toBe(
      true,
    );
  });

  it('detail keeps the whole product and drops internal columns', () => {
    expect(productDetailSchema.parse({ ...detail, costPrice: 200, supplierSku: 'Q1' })).toEqual(detail);
    expect(productDetailSchema.parse({ ...detail, productCategory: null }).productCategory).toBeNull();
  });

  it('rejects unknown sizes, empty colour lists, non-garment productCategory and out-of-range ratings', () => {
    expect(productListItemSchema.safeParse({ ...listItem, size: ['XXXXL'] }).success).toBe(false);
    expect(productListItemSchema.safeParse({ ...listItem, color: [] }).success).toBe(false);
    expect(
      productDetailSchema.safeParse({ ...detail, productCategory: { name: 'Oversized T-Shirt' } }).success,
    ).toBe(false);
    expect(
      productDetailSchema.safeParse({ ...detail, reviews: [{ ...detail.reviews[0], rating: 6 }] }).success,
    ).toBe(false);
  });

  it('response schemas encode (the server serialises through them)', () => {
    expect(z.encode(productDetailSchema, detail)).toEqual(detail);
    expect(z.encode(healthResponseSchema, { status: 'ok' })).toEqual({ status: 'ok' });
  });
});

describe('pincode', () => {
  it('param is 6 digits, first not 0', () => {
    expect(pincodeParamsSchema.parse({ pincode: '560001' })).toEqual({ pincode: '560001' });
    expect(firstMessage(pincodeParamsSchema.safeParse({ pincode: '060001' }))).toBe(
      'Please enter a valid 6-digit PIN code',
    );
    expect(pincodeParamsSchema.safeParse({ pincode: '56001' }).success).toBe(false);
  });

  it('reads the postal lookup answer, found or not', () => {
    const found = [
      {
        Message: 'Number of pincode(s) found:1',
        Status: 'Success',
        PostOffice: [
          { Name: 'Bangalore GPO', District: 'Bangalore', State: 'Karnataka', Circle: 'Karnataka' },
        ],
      },
    ];
    expect(postalLookupResponseSchema.parse(found)[0]?.PostOffice?.[0]?.District).toBe('Bangalore');
    expect(
      postalLookupResponseSchema.parse([{ Status: 'Error', PostOffice: null }])[0]?.PostOffice,
    ).toBeNull();
  });
});

describe('collection list parameters', () => {
  it('accept comma-separated slug lists up to 500 characters', () => {
    const many = Array.from({ length: 13 }, (_, i) => `garment-type-number-${i}`).join(',');
    expect(productsByCategoryParamsSchema.parse({ category: 'men,women', subCategory: many })).toEqual({
      category: 'men,women',
      subCategory: many,
    });
    expect(
      firstMessage(
        productsByCategoryParamsSchema.safeParse({ category: 'x'.repeat(501), subCategory: 'all' }),
      ),
    ).toBe('category must be at most 500 characters');
  });

  it('default to a bounded page', () => {
    expect(PRODUCT_LIST_DEFAULT_LIMIT).toBeGreaterThan(0);
    expect(PRODUCT_LIST_DEFAULT_LIMIT).toBeLessThanOrEqual(100);
    expect(firstMessage(productListQuerySchema.safeParse({ limit: '101' }))).toBe(
      'limit must be a whole number from 1 to 100',
    );
  });
});

describe('colour failures', () => {
  it('carry the error shape and, optionally, the available colours', () => {
    expect(
      productColourErrorResponseSchema.parse({ success: false, message: 'x', availableColors: ['Bk'] }),
    ).toEqual({ success: false, message: 'x', availableColors: ['Bk'] });
    expect(productColourErrorResponseSchema.parse({ success: false, message: 'Product not found' })).toEqual({
      success: false,
      message: 'Product not found',
    });
  });
});
