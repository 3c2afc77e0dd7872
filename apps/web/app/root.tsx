import { COLLECTION_MESSAGES } from '@rangrez/contract/rules/catalogue-messages';
import { type ReactNode, lazy } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { BottomBar } from './components/BottomBar';
import { DeferredNotFound as NotFound } from './components/DeferredNotFound';
import { SearchToggleProvider } from './components/SearchToggle';
import { SiteHeader } from './components/SiteHeader';
import { SessionProvider } from './features/account/session';
import { CartButton } from './features/cart/components/CartButton';
import { deferred } from './lib/deferred';
import { withMediaPath } from './lib/media-path';
import { useNonce } from './lib/nonce';
import type { RootData } from './lib/root-data';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

// Their HTML is on every page, their code follows the first load (see lib/deferred.tsx): the footer is links
// only, and the toasts' live region is empty until something calls notify().
const SiteFooter = deferred(() => import('./components/SiteFooter').then((m) => m.SiteFooter));
const Toaster = deferred(() => import('./components/Toast').then((m) => m.Toaster));
// The header's account menu: desktop only and closed at first paint, so its code follows the first load too.
const ProfileMenu = deferred(() =>
  import('./features/account/components/ProfileMenu').then((m) => m.ProfileMenu),
);
// The bottom bar's profile sheet loads when first opened: most visits never open it.
const ProfileSheet = lazy(() =>
  import('./features/account/components/ProfileSheet').then((m) => ({ default: m.ProfileSheet })),
);

// The menus on every page need the collections; a failure to load them must not take the page down
// (the home page shows 'Error loading collections: ...' instead).
export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const { catalogue, site } = context.services;
  // The footer's contact and links come from the back office's settings; without them it leaves them out.
  const footer = await site.settings().then(
    ({ seller, social, whatsappNumber }) => ({ email: seller.email, social, whatsappNumber }),
    (err: unknown) => {
      console.error(err);
      return null;
    },
  );
  try {
    return {
      collections: Object.fromEntries(
        Object.entries(await catalogue.subcategories()).map(([group, subs]) => [
          group,
          subs.map((sub) => withMediaPath(sub, 'thumbnail', site.publicUrl)),
        ]),
      ),
      collectionsError: null,
      publicUrl: site.publicUrl,
      footer,
    };
  } catch (err) {
    console.error(err);
    return {
      collections: null,
      collectionsError: COLLECTION_MESSAGES.fetchFailed,
      publicUrl: site.publicUrl,
      footer,
    };
  }
}

// Collections, the public URL and the footer's settings do not change while someone browses: load them once per
// visit.
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#111111" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col pb-[calc(3.5rem+env(safe-area-inset-bottom)+var(--buy-bar-height,0px))] font-sans antialiased md:pb-0">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <SessionProvider>
          <SearchToggleProvider>
            <SiteHeader profileMenu={<ProfileMenu />} cartButton={<CartButton />} />
            <main id="main" className="flex-1">
              {children}
            </main>
            <SiteFooter />
            <BottomBar ProfileSheet={ProfileSheet} />
          </SearchToggleProvider>
        </SessionProvider>
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong';
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-neutral-600">Please try again in a moment.</p>
    </section>
  );
}
