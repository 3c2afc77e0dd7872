import { useSyncExternalStore } from 'react';

// False on the server and while hydrating, true from the render right after: the snapshot never changes again.
const nothingToWatch = () => () => undefined;
const hydratedSnapshot = () => true;
const serverSnapshot = () => false;

/** Whether this render happens after hydration: for what the server HTML leaves out on purpose. */
export function useHydrated(): boolean {
  return useSyncExternalStore(nothingToWatch, hydratedSnapshot, serverSnapshot);
}
