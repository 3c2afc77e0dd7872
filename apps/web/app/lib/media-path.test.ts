import { describe, expect, it } from 'vitest';
import { sameOriginPath, withMediaPath } from './media-path';

describe('sameOriginPath', () => {
  it("makes the store's own media URLs paths and leaves others alone", () => {
    const base = 'https://rangrez.in';
    expect(sameOriginPath('https://rangrez.in/media/ab12-640.jpg', base)).toBe('/media/ab12-640.jpg');
    expect(sameOriginPath('https://rangrez.in/media/ab12-640.jpg', `${base}/`)).toBe('/media/ab12-640.jpg');
    expect(sameOriginPath('https://cdn.example/media/ab12-640.jpg', base)).toBe(
      'https://cdn.example/media/ab12-640.jpg',
    );
    expect(sameOriginPath('https://rangrez.in.evil.example/media/x.jpg', base)).toBe(
      'https://rangrez.in.evil.example/media/x.jpg',
    );
    expect(sameOriginPath('https://lh3.googleusercontent.com/a/photo', base)).toBe(
      'https://lh3.googleusercontent.com/a/photo',
    );
  });

  it('copies an item with the one field changed', () => {
    const item = { name: 'Tee', image: 'https://rangrez.in/media/ab12-640.jpg' };
    expect(withMediaPath(item, 'image', 'https://rangrez.in')).toEqual({
      name: 'Tee',
      image: '/media/ab12-640.jpg',
    });
    expect(item.image).toBe('https://rangrez.in/media/ab12-640.jpg');
  });
});
