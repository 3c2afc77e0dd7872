import { useNonce } from '../lib/nonce';

/**
 * schema.org data in an inline script, carrying the CSP nonce like every inline script of the page. Loaders
 * serialise it on the server (lib/seo serializeJsonLd), so the builders never ship to the browser.
 */
export function JsonLd({ json }: { json: string }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // The browser hides nonce values from the DOM, so the client never matches the server here.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
