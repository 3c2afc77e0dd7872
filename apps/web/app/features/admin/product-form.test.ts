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

  it('reads and writes the MRP rule, each kind with its own amount', () => {
    const fixed = formFromProduct(makeProduct({ mrpRule: { kind: 'fixed', mrp: 1499 } }));
    expect(fixed).toMatchObject({ mrpRule: 'fixed', mrpFixed: '1499', mrpMarkup: '300' });
    const none = formFromProduct(makeProduct({ mrpRule: { kind: 'none' } }));
    expect(none).toMatchObject({ mrpRule: 'none', mrpFixed: '', mrpMarkup: '300' });
    expect(createBody({ ...initial, mrpRule: 'markup', mrpMarkup: ' 450 ' }).mrpRule).toEqual({
      kind: 'markup',
      rupees: 450,
    });
    expect(createBody({ ...initial, mrpRule: 'fixed', mrpFixed: '' }).mrpRule).toEqual({
      kind: 'fixed',
      mrp: undefined,
    });
  });

  it('sends a declared MRP and the price together when either changes, other rules alone', () => {
    expect(patchBody({ ...initial, mrpRule: 'fixed', mrpFixed: '1499' }, initial)).toEqual({
      price: 899,
      mrpRule: { kind: 'fixed', mrp: 1499 },
    });
    const fixed = formFromProduct(makeProduct({ mrpRule: { kind: 'fixed', mrp: 1499 } }));
    expect(patchBody({ ...fixed, price: '999' }, fixed)).toEqual({
      price: 999,
      mrpRule: { kind: 'fixed', mrp: 1499 },
    });
    expect(patchBody({ ...initial, price: '999' }, initial)).toEqual({ price: 999 });
    expect(patchBody({ ...initial, mrpRule: 'none' }, initial)).toEqual({ mrpRule: { kind: 'none' } });
    // Switching kinds and back, or editing another kind's amount, changes nothing.
    expect(patchBody({ ...initial, mrpFixed: '2000' }, initial)).toEqual({});
  });
});
