// The header's search icon (shown on collection pages only) opens the collection page's search bar
// (docs/product/screens.md#shell). A tiny context links the two without the header knowing the page.
import { type ReactNode, createContext, useContext, useMemo, useState } from 'react';

interface SearchToggle {
  open: boolean;
  setOpen: (open: boolean) => void;
}

const SearchToggleContext = createContext<SearchToggle>({ open: false, setOpen: () => {} });

export const COLLECTION_SEARCH_ID = 'collection-search';

export function SearchToggleProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ open, setOpen }), [open]);
  return <SearchToggleContext.Provider value={value}>{children}</SearchToggleContext.Provider>;
}

export function useSearchToggle(): SearchToggle {
  return useContext(SearchToggleContext);
}
