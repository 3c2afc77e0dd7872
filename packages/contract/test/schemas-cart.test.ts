import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CART_API_MESSAGES,
  cartAddBodySchema,
  cartMergeBodySchema,
  cartMergeResponseSchema,
  cartResponseSchema,
  cartSetQuantityBodySchema,
} from '../src/schemas/cart.ts';
import {
  wishlistAddBodySchema,
  wishlistClearBodySchema,
  wishlistUserBodySchema,
} from '../src/schemas/wishlist.ts';

function firstMessage(result: z.ZodSafeParseResult<unknown>): string | undefined {
  return result.error?.issues[0]?.message;
}

const key = { productId: 'p1', size: 'M', color: 'Bk' };

describe('cart requests', () => {
  it('key a line by product, size and colour, stripping unknown fields', () => {
    expect(cartAddBodySchema.parse({ ...key, productId: ' p1 ', userId: 'someone-else' })).toEqual(key);
    expect(firstMessage(cartAddBodySchema.safeParse({ size: 'M', color: 'Bk' }))).toBe(
      'productId is required',
    );
    expect(firstMessage(cartAddBodySchema.safeParse({ ...key, size: 'm' }))).toBe(
      'size must be one of XS, S, M, L, XL, XXL, XXXL',
    );
    expect(firstMessage(cartAddBodySchema.safeParse({ ...key, color: '' }))).toBe('color is required');
  });

  it('take a quantity from 0 (removes) to 100, as a number or numeric text', () => {
    expect(cartSetQuantityBodySchema.parse({ ...key, quantity: 0 }).quantity).toBe(0);
    expect(cartSetQuantityBodySchema.parse({ ...key, quantity: ' 7 ' }).quantity).toBe(7);
    expect(cartSetQuantityBodySchema.parse({ ...key, quantity: 100 }).quantity).toBe(100);
    for (const quantity of [-1, 101, 1.5, '1.5', '', 'two', null, false]) {
      expect(firstMessage(cartSetQuantityBodySchema.safeParse({ ...key, quantity })), String(quantity)).toBe(
        quantity === null ? 'quantity is required' : 'quantity must be a whole number from 0 to 100',
      );
    }
    expect(firstMessage(cartSetQuantityBodySchema.safeParse(key))).toBe('quantity is required');
  });

  it('merge: needs a merge id, takes at most 50 lines and leaves line values to the server', () => {
    const items = [{ productId: 'whatever', size: 'Huge', color: 'Rd', quantity: 'two', price: 699 }];
    expect(cartMergeBodySchema.parse({ mergeId: 'abcd-1234_XY', items })).toEqual({
      mergeId: 'abcd-1234_XY',
      items,
    });
    expect(firstMessage(cartMergeBodySchema.safeParse({ items: [] }))).toBe('mergeId is required');
    expect(firstMessage(cartMergeBodySchema.safeParse({ mergeId: 'a b c d e f g h', items: [] }))).toBe(
      'mergeId must be 8-100 letters, digits, hyphens or underscores',
    );
    expect(firstMessage(cartMergeBodySchema.safeParse({ mergeId: 'abcd-1234', items: {} }))).toBe(
      'items must be a list of cart lines',
    );
    const many = Array.from({ length: 51 }, () => ({ productId: 'p', size: 'M', color: 'Bk', quantity: 1 }));
    expect(firstMessage(cartMergeBodySchema.safeParse({ mergeId: 'abcd-1234', items: many }))).toBe(
      'items must contain at most 50 lines',
    );
  });
});

describe('cart responses', () => {
  const line = {
    _id: 'l1',
    product: {
      _id: 'p1',
      name: 'Tee',
      sku: 'SKU-1',
      price: 899,
      mrp: 1199,
      stock: 3,
      image: 'https://cdn.example.com/a.jpg',
      thumbnail: 'https://cdn.example.com/a-s.jpg',
    },
    size: 'M',
    color: 'Bk',
    quantity: 2,
    lineTotal: 1798,
    status: 'price_changed',
    previousPrice: 799,
  };
  const totals = {
    itemCount: 2,
    originalPrice: 2398,
    discount: 600,
    discountPercent: 25,
    subtotal: 1798,
    shipping: 0,
    tax: 0,
    total: 1798,
  };

  it('are an allow-list: nothing beyond the contract leaves the server', () => {
    const parsed = cartResponseSchema.parse({
      success: true,
      data: {
        items: [{ ...line, userId: 'u1', product: { ...line.product, pricePaise: 89_900 } }],
        totals,
        issues: [],
      },
    });
    expect(parsed.data.items[0]).toEqual(line);
  });

  it('know the five line statuses only', () => {
    const bad = cartResponseSchema.safeParse({
      success: true,
      data: { items: [{ ...line, status: 'sold_out' }], totals, issues: [] },
    });
    expect(bad.success).toBe(false);
  });

  it('merge answers carry the report', () => {
    const merge = { applied: true, dropped: [], adjusted: [] };
    const body = { success: true, message: 'Cart merged', data: { items: [], totals, issues: [], merge } };
    expect(cartMergeResponseSchema.parse(body)).toEqual(body);
    expect(
      cartMergeResponseSchema.safeParse({ ...body, data: { ...body.data, merge: undefined } }).success,
    ).toBe(false);
  });

  it('messages name the product and what is left', () => {
    expect(CART_API_MESSAGES.onlyLeft('Tokyo Drift Oversized Tee', 3)).toBe(
      'Only 3 left of Tokyo Drift Oversized Tee',
    );
    expect(CART_API_MESSAGES.priceChanged('Tee', 799, 1299)).toBe(
      'The price of Tee changed from ₹799 to ₹1,299',
    );
    expect(CART_API_MESSAGES.notInCart).toBe('Product not found in cart');
    expect(CART_API_MESSAGES.added).toBe('Item added to cart!');
  });
});

describe('wishlist requests', () => {
  it("answer a missing userId with 'User ID is required'", () => {
    expect(firstMessage(wishlistUserBodySchema.safeParse({}))).toBe('User ID is required');
    expect(firstMessage(wishlistUserBodySchema.safeParse({ userId: ' ' }))).toBe('User ID is required');
    expect(firstMessage(wishlistAddBodySchema.safeParse({ productId: 'p1' }))).toBe('User ID is required');
  });

  it('clear takes no body, an empty one, or a userId', () => {
    expect(wishlistClearBodySchema.parse(undefined)).toBeUndefined();
    expect(wishlistClearBodySchema.parse(null)).toBeNull();
    expect(wishlistClearBodySchema.parse({ userId: 'u1', x: 1 })).toEqual({ userId: 'u1' });
  });
});
