// The API answers with absolute media URLs (docs/api.md#media-urls), and a page repeats each one in every
// srcset entry of every format. Inside the store's own pages the path alone is the same image and a good part
// of the HTML shorter. Meta tags and JSON-LD keep absolute URLs: crawlers and link previews need them.

/** `${publicUrl}/media/...` as `/media/...`; any other URL unchanged. */
export function sameOriginPath(url: string, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return url.startsWith(`${base}/media/`) ? url.slice(base.length) : url;
}

/** The same object with its `field` URL made a path. */
export function withMediaPath<T, K extends keyof T>(item: T, field: K, publicUrl: string): T {
  const url = item[field];
  return typeof url === 'string' ? { ...item, [field]: sameOriginPath(url, publicUrl) } : item;
}
