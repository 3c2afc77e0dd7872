// Per-page <head> tags: title, description, canonical URL (from the configured public URL), Open Graph and
// Twitter cards; and safe JSON for JSON-LD scripts.
import { CURRENCY } from '@rangrez/contract/rules/constants';
import { NOT_FOUND_MESSAGES } from '@rangrez/contract/rules/site-messages';
import type { MetaDescriptor } from 'react-router';

const SITE_NAME = 'Rangrez';

export interface SeoInput {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/product/123' (no query). */
  path: string;
  publicUrl: string;
  image?: string;
  imageAlt?: string;
  type?: 'website' | 'product';
  /** Whole rupees: product:price tags for link previews. */
  price?: number;
  noindex?: boolean;
}

/** The head of a page that does not exist: the not-found page's own title, and not to be indexed. */
export const NOT_FOUND_META: MetaDescriptor[] = [
  { title: `${NOT_FOUND_MESSAGES.title} | ${SITE_NAME}` },
  { name: 'robots', content: 'noindex' },
];

export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

export function seo({
  title,
  description,
  path,
  publicUrl,
  image,
  imageAlt,
  type = 'website',
  price,
  noindex,
}: SeoInput): MetaDescriptor[] {
  const url = absoluteUrl(publicUrl, path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'en_IN' },
    { property: 'og:type', content: type },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
  if (image) {
    tags.push(
      { property: 'og:image', content: image },
      { property: 'og:image:alt', content: imageAlt ?? title },
      { name: 'twitter:image', content: image },
      { name: 'twitter:image:alt', content: imageAlt ?? title },
    );
  }
  if (price !== undefined) {
    tags.push(
      { property: 'product:price:amount', content: price.toFixed(2) },
      { property: 'product:price:currency', content: CURRENCY },
    );
  }
  if (noindex) tags.push({ name: 'robots', content: 'noindex, follow' });
  return tags;
}

/** Shortens text for a meta description (search engines show ~155 characters). */
export function summary(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`;
}

/** JSON for an inline <script>: '<' escaped so page text cannot close the script element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
