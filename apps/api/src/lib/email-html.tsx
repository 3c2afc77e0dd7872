// E-mail HTML from React components, rendered once on the server: React escapes every text and attribute, so no
// template assembles markup by hand. Mail clients ignore <style> blocks and classes, hence inline styles.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** A whole HTML document: the doctype plus the static markup (no hydration comments, no React attributes). */
export function renderEmailHtml(element: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}

export function EmailDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
      </head>
      <body
        style={{
          fontFamily: 'Arial,Helvetica,sans-serif',
          color: '#111',
          maxWidth: 600,
          margin: '0 auto',
          padding: 16,
        }}
      >
        {children}
      </body>
    </html>
  );
}
