import { describe, expect, it } from 'vitest';
import { createBody, formFromProduct, patchBody } from './product-form';
import { makeProduct } from './test-helpers';

describe('the product form’s bodies', () => {
  const initial = formFromProduct(makeProduct());

  it('patches only what changed, in the API’s units and shapes', () => {
    expect(patchBody(initial, initial)).toEqual({});
    expect(
      patchBody(
        {
          ...initial,
          price: ' 999 ',
          details: '240 GSM cotton\n\n  Screen printed  \nBoxy fit',
          name: 'Kesari Oversized Tee ',
        },
        initial,
      ),
    ).toEqual({ price: 999, details: ['240 GSM cotton', 'Screen printed', 'Boxy fit'] });
    expect(patchBody({ ...initial, productCategory: '', tags: 'summer, , saffron,new' }, initial)).toEqual({
      productCategory: null,
      tags: ['summer', 'saffron', 'new'],
    });
  });

  it('leaves a new product’s empty slug to the server and an empty price missing', () => {
    const body = createBody({ ...initial, slug: '  ', price: '', colors: ['Bk'], sizes: ['M'] });
    expect(body.slug).toBeUndefined();
    expect(body.price).toBeUndefined();
    expect(body).toMatchObject({ colors: ['Bk'], sizes: ['M'], categoryId: initial.categoryId });
  });
});
