import { describe, expect, it, vi } from 'vitest';
import { descriptionSentences, infoLines, selectionError, shareProduct, variantStock } from './product-logic';

describe('descriptionSentences', () => {
  it('splits on periods and drops empty parts', () => {
    expect(descriptionSentences('Heavyweight cotton. Big back print.  Made in India. ')).toEqual([
      'Heavyweight cotton',
      'Big back print',
      'Made in India',
    ]);
    expect(descriptionSentences('')).toEqual([]);
  });
});

describe('infoLines', () => {
  it('keeps non-empty lines', () => {
    expect(infoLines('Country of origin: India\r\n\nCare: wash cold')).toEqual([
      'Country of origin: India',
      'Care: wash cold',
    ]);
  });
});

describe('selectionError', () => {
  it('asks for the size first, then the colour', () => {
    expect(selectionError({ size: null, color: null })).toBe('Please select a size.');
    expect(selectionError({ size: null, color: 'Bk' })).toBe('Please select a size.');
    expect(selectionError({ size: 'M', color: null })).toBe('Please select a color.');
    expect(selectionError({ size: 'M', color: 'Bk' })).toBeNull();
  });
});

describe('shareProduct', () => {
  const target = {
    name: 'Tokyo Drift Tee',
    description: 'Heavyweight cotton.',
    url: 'https://shop.test/product/1',
  };

  it("uses the device's share function when there is one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    expect(await shareProduct({ share }, target)).toEqual({ outcome: 'shared' });
    expect(share).toHaveBeenCalledWith({ title: target.name, text: target.description, url: target.url });
  });

  it('treats a dismissed share sheet as no error', async () => {
    const share = vi.fn().mockRejectedValue(Object.assign(new Error('cancel'), { name: 'AbortError' }));
    const writeText = vi.fn();
    expect(await shareProduct({ share, clipboard: { writeText } }, target)).toEqual({ outcome: 'cancelled' });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies name, description and link otherwise', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect(await shareProduct({ clipboard: { writeText } }, target)).toEqual({
      outcome: 'copied',
      message: 'Product details copied to clipboard!',
    });
    expect(writeText).toHaveBeenCalledWith(
      'Tokyo Drift Tee\nHeavyweight cotton.\nhttps://shop.test/product/1',
    );
  });

  it('asks to copy the link by hand when nothing works', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    const failed = { outcome: 'failed', message: 'Unable to share. Please copy the link manually.' };
    expect(await shareProduct({ clipboard: { writeText } }, target)).toEqual(failed);
    expect(await shareProduct(undefined, target)).toEqual(failed);
  });
});

describe('variantStock', () => {
  const product = {
    stock: 7,
    variants: [
      { color: 'Bk', size: 'M', stock: 0 },
      { color: 'Bk', size: 'L', stock: 5 },
      { color: 'Wh', size: 'M', stock: 2 },
    ],
  };

  it('answers what one colour and size holds, and 0 for one the product does not sell', () => {
    expect(variantStock(product, 'Bk', 'M')).toBe(0);
    expect(variantStock(product, 'Bk', 'L')).toBe(5);
    expect(variantStock(product, 'Wh', 'M')).toBe(2);
    expect(variantStock(product, 'Wh', 'L')).toBe(0);
  });

  it("falls back to the product's stock when the answer has no variants", () => {
    expect(variantStock({ stock: 7 }, 'Bk', 'M')).toBe(7);
  });
});
