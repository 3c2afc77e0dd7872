import { describe, expect, it } from 'vitest';
import { adminProductImagesBodySchema, altTextSchema } from '../src/schemas/index.ts';

const id = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
const message = (input: unknown) => {
  const result = adminProductImagesBodySchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('PUT /admin/products/{id}/images body', () => {
  it('keeps the list order and trims alt text, which may be left out', () => {
    const body = adminProductImagesBodySchema.parse({
      images: [
        { color: 'Bk', mediaId: id, alt: '  Front  ' },
        { color: 'Wh', mediaId: id },
      ],
    });
    expect(body.images).toEqual([
      { color: 'Bk', mediaId: id, alt: 'Front' },
      { color: 'Wh', mediaId: id },
    ]);
    expect(adminProductImagesBodySchema.parse({ images: [] }).images).toEqual([]);
  });

  it('names what is wrong', () => {
    expect(message({})).toBe('images must be a list');
    expect(message({ images: [{ color: 'Bk', mediaId: 'abc' }] })).toBe('mediaId must be an image id');
    expect(message({ images: [{ color: 'Black tee', mediaId: id }] })).toBe(
      'color must be a colour code such as Bk',
    );
    expect(message({ images: [{ color: 'Bk', mediaId: id, alt: 'x'.repeat(301) }] })).toBe(
      'alt must be at most 300 characters',
    );
    expect(
      message({
        images: [
          { color: 'Bk', mediaId: id },
          { color: 'Bk', mediaId: id },
        ],
      }),
    ).toBe('An image may appear once per colour');
  });

  it('takes alt text as text only', () => {
    expect(altTextSchema.safeParse(42).success).toBe(false);
    expect(altTextSchema.parse('')).toBe('');
  });
});
