// Small screens (docs/product/screens.md#shell): a bottom bar with Home, the collections sheet and the profile sheet.
import { type ComponentType, Suspense, lazy, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useRootData } from '../lib/root-data';
import { GridIcon, HomeIcon, PersonIcon } from './icons';

// The sheets' code loads when one is first opened: most visits never open them.
const Sheet = lazy(() => import('./Sheet').then((m) => ({ default: m.Sheet })));
const CollectionsSheetContent = lazy(() =>
  import('./CollectionsSheet').then((m) => ({ default: m.CollectionsSheetContent })),
);

type Open = 'collections' | 'profile' | null;

const item =
  'flex w-full flex-col items-center gap-0.5 py-2 text-[11px] font-semibold uppercase tracking-wide';

/** The profile sheet's content belongs to the account feature: the root hands it in (lazy, like the sheets). */
export function BottomBar({ ProfileSheet }: { ProfileSheet: ComponentType<{ onNavigate: () => void }> }) {
  const collections = useRootData()?.collections ?? null;
  const [open, setOpen] = useState<Open>(null);
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(null);
  }
  const close = () => setOpen(null);

  return (
    <>
      <nav
        aria-label="Mobile"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-black/10 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
      >
        <ul className="grid grid-cols-3">
          <li>
            <NavLink to="/" end className={({ isActive }) => `${item} ${isActive ? 'text-accent' : ''}`}>
              <HomeIcon className="h-6 w-6" />
              Home
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              aria-haspopup="dialog"
              aria-expanded={open === 'collections'}
              onClick={() => setOpen('collections')}
              className={`${item} ${pathname.startsWith('/collection/') ? 'text-accent' : ''}`}
            >
              <GridIcon className="h-6 w-6" />
              Collections
            </button>
          </li>
          <li>
            <button
              type="button"
              aria-haspopup="dialog"
              aria-expanded={open === 'profile'}
              onClick={() => setOpen('profile')}
              className={item}
            >
              <PersonIcon className="h-6 w-6" />
              Profile
            </button>
          </li>
        </ul>
      </nav>
      <Suspense fallback={null}>
        {open === 'collections' ? (
          <Sheet title="Collections" onClose={close}>
            <CollectionsSheetContent collections={collections} onNavigate={close} />
          </Sheet>
        ) : null}
        {open === 'profile' ? (
          <Sheet title="Profile" onClose={close}>
            <ProfileSheet onNavigate={close} />
          </Sheet>
        ) : null}
      </Suspense>
    </>
  );
}
