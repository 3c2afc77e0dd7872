// Sticky site header (docs/product/screens.md#shell): logo, HOME / COLLECTIONS (mega-menu) / ABOUT / CONTACT,
// the search field (every page), the search toggle on collection pages, the profile menu and the cart icon. Small screens keep logo, search
// and cart; navigation moves to the bottom bar.
import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useRootData } from '../lib/root-data';
import { deferred } from '../lib/deferred';
import { COLLECTION_SEARCH_ID, useSearchToggle } from './SearchToggle';
import { SearchIcon } from './icons';

// Desktop only, and closed at first paint: its HTML is in the page, its code follows the first load (see
// lib/deferred.tsx; a hover or focus before it has hydrated is replayed by React).
const MegaMenu = deferred(() => import('./MegaMenu').then((m) => m.MegaMenu));
// Every page, and a plain GET form to /search before its code arrives: the field's code follows the first load,
// and its suggestions' code the field's first focus (docs/search.md#the-pages).
const HeaderSearch = deferred(() => import('./HeaderSearch').then((m) => m.HeaderSearch));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `border-b-2 py-1 ${isActive ? 'border-accent' : 'border-transparent hover:border-black/40'}`;

/** The account menu and the cart button belong to features: the root hands them in. */
export function SiteHeader({ profileMenu, cartButton }: { profileMenu: ReactNode; cartButton: ReactNode }) {
  const collections = useRootData()?.collections ?? null;
  const { pathname } = useLocation();
  const search = useSearchToggle();
  const onCollectionPage = pathname.startsWith('/collection/');

  return (
    <header className="sticky top-0 z-40 border-b border-black/10 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-6 px-4">
        <Link to="/" className="text-2xl font-black tracking-tight" aria-label="Rangrez home">
          RANGREZ<span className="text-accent">.</span>
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-6 text-sm font-semibold tracking-wide">
            <li>
              <NavLink to="/" end className={linkClass}>
                HOME
              </NavLink>
            </li>
            <MegaMenu collections={collections} />
            <li>
              <NavLink to="/about" className={linkClass}>
                ABOUT
              </NavLink>
            </li>
            <li>
              <NavLink to="/contact" className={linkClass}>
                CONTACT
              </NavLink>
            </li>
          </ul>
        </nav>
        <HeaderSearch className="min-w-0 max-w-xs flex-1" />
        <div className="flex items-center gap-1">
          {onCollectionPage ? (
            <button
              type="button"
              aria-label={search.open ? 'Close search' : 'Search products'}
              aria-expanded={search.open}
              aria-controls={COLLECTION_SEARCH_ID}
              onClick={() => search.setOpen(!search.open)}
              className={`flex h-10 w-10 items-center justify-center rounded-full hover:bg-black/5 ${search.open ? 'bg-black/5' : ''}`}
            >
              <SearchIcon className="h-6 w-6" />
            </button>
          ) : null}
          <div className="hidden md:block">{profileMenu}</div>
          {cartButton}
        </div>
      </div>
    </header>
  );
}
