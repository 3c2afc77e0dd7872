// Responsive images from the API's absolute media URLs: AVIF and WebP <source>s with a JPEG <img> fallback,
// srcset over the image's width ladder, intrinsic width/height so the browser reserves the space (no layout
// shift). Lazy unless `priority` (the page's largest image: eager and fetchpriority high).
import {
  IMAGE_MIME_TYPES,
  WIDTH_LADDERS,
  type WidthLadderName,
  isVariantUrl,
  srcSet,
  variantUrl,
} from '@rangrez/contract/rules/media';
import type { ImgHTMLAttributes, Ref } from 'react';
import { preload } from 'react-dom';

interface ArtDirection {
  /** Media query the alternative image applies to, e.g. '(max-width: 768px)'. */
  media: string;
  src: string;
  ladder: WidthLadderName;
  width: number;
  height: number;
  sizes?: string;
}

export interface PictureProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'width' | 'height' | 'sizes' | 'loading'
> {
  src: string;
  alt: string;
  ladder: WidthLadderName;
  /** Rendered width of the image per breakpoint, e.g. '(min-width: 1024px) 25vw, 50vw'. */
  sizes: string;
  width: number;
  height: number;
  priority?: boolean;
  artDirection?: ArtDirection;
  imgRef?: Ref<HTMLImageElement>;
}

const MODERN = ['avif', 'webp'] as const;

/** Served by the API for any missing picture (cards show a default image when one is missing). */
export const DEFAULT_PRODUCT_IMAGE = '/media/placeholder.svg';

/** The <img src> fallback: the JPEG at the ladder's middle width (what the API's own URL points at). */
function fallbackSrc(src: string, ladder: WidthLadderName): string {
  const widths = WIDTH_LADDERS[ladder];
  const middle = widths[Math.floor((widths.length - 1) / 2)];
  return middle === undefined ? src : variantUrl(src, middle, 'jpg');
}

export function Picture({
  src,
  alt,
  ladder,
  sizes,
  width,
  height,
  priority = false,
  artDirection,
  imgRef,
  ...img
}: PictureProps) {
  const widths = WIDTH_LADDERS[ladder];
  if (priority) preloadLargestImage({ src, ladder, sizes, artDirection });
  const imgElement = (
    <img
      ref={imgRef}
      src={fallbackSrc(src, ladder)}
      srcSet={srcSet(src, widths, 'jpg') || undefined}
      sizes={isVariantUrl(src) ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      {...img}
    />
  );
  if (!isVariantUrl(src) && !(artDirection && isVariantUrl(artDirection.src))) return imgElement;
  const alt2 = artDirection;
  return (
    <picture>
      {alt2
        ? [...MODERN, 'jpg' as const].map((ext) => {
            const set = srcSet(alt2.src, WIDTH_LADDERS[alt2.ladder], ext) || (ext === 'jpg' ? alt2.src : '');
            return set ? (
              <source
                key={`m-${ext}`}
                media={alt2.media}
                type={IMAGE_MIME_TYPES[ext]}
                srcSet={set}
                sizes={alt2.sizes ?? sizes}
                width={alt2.width}
                height={alt2.height}
              />
            ) : null;
          })
        : null}
      {isVariantUrl(src)
        ? MODERN.map((ext) => (
            <source key={ext} type={IMAGE_MIME_TYPES[ext]} srcSet={srcSet(src, widths, ext)} sizes={sizes} />
          ))
        : null}
      {imgElement}
    </picture>
  );
}

/**
 * The largest image is announced in <head> (React hoists the preload there), so its download starts while the
 * head is parsed, alongside the stylesheet, rather than once the parser reaches the <img>. AVIF only: every
 * browser the store supports decodes it, and one that does not skips the preload by its type.
 */
function preloadLargestImage({
  src,
  ladder,
  sizes,
  artDirection,
}: Pick<PictureProps, 'src' | 'ladder' | 'sizes' | 'artDirection'>) {
  const announce = (url: string, urlLadder: WidthLadderName, urlSizes: string, media?: string) => {
    if (!isVariantUrl(url)) return;
    preload(fallbackSrc(url, urlLadder), {
      as: 'image',
      type: IMAGE_MIME_TYPES.avif,
      imageSrcSet: srcSet(url, WIDTH_LADDERS[urlLadder], 'avif'),
      imageSizes: urlSizes,
      fetchPriority: 'high',
      ...(media ? { media } : {}),
    });
  };
  if (artDirection) {
    announce(artDirection.src, artDirection.ladder, artDirection.sizes ?? sizes, artDirection.media);
    announce(src, ladder, sizes, `not all and ${artDirection.media}`);
  } else {
    announce(src, ladder, sizes);
  }
}
