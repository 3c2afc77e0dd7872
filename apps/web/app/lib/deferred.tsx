// A component whose code is not part of the page's first load, though its HTML is: the server renders it as
// usual, and in the browser React leaves that HTML in place (a dehydrated Suspense boundary) until the code has
// arrived, then hydrates it. For what sits below the fold or is not interactive at first paint (related
// products, the product tabs, the footer): the page's own code and the LCP image load first, and the main part
// of the page hydrates without waiting for it. Its links work meanwhile (as plain links); a click on one of its
// buttons in the few milliseconds before its code arrives is lost, which is why the header and the buying
// column are not deferred.
//
// Until that code is in and the part hydrated, the part is shown with the props it was rendered with on the
// server. React drops a dehydrated boundary's HTML and shows its fallback (nothing) when the boundary is updated
// before it can hydrate, so the page's parts would vanish and come back, shifting what is below them, each time
// a parent re-rendered early (the session's state arriving re-renders much of the page). Holding the element
// unchanged keeps React from touching the boundary; props that changed meanwhile are passed on once it has
// hydrated (docs/decisions/042-deferred-parts-hold-their-html.md).
import { type ComponentType, Suspense, use, useEffect, useMemo, useState } from 'react';

export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Loaded: ComponentType<P> = Nothing;
  let loading: Promise<void> | null = null;
  function start(): Promise<void> {
    if (loading) return loading;
    const settling = load()
      .then(
        (component) => {
          Loaded = component;
        },
        () => {
          // Offline, or a new deployment removed the file: the part stays Nothing rather than the page failing.
        },
      )
      .then(() => {
        // Marked settled the way `use` reads a promise (React's FulfilledReactPromise), so a render after the code
        // came (the server's, or a later one) goes straight on instead of suspending once more.
        Object.assign(settling, { status: 'fulfilled', value: undefined });
      });
    return (loading = settling);
  }
  // On the server the code is loaded at start-up, so pages render it in one pass rather than streaming it.
  if (import.meta.env.SSR) void start();

  function Inner({ props, onShown }: { props: P; onShown: (shown: true) => void }) {
    // Effects run once the boundary is hydrated (or, after a client navigation, rendered). The hook comes before
    // `use`, and `use` is called on every render: React replays a suspended render and expects the same calls.
    useEffect(() => onShown(true), [onShown]);
    use(start());
    return <Loaded {...props} />;
  }
  return function Deferred(props: P) {
    const [shown, setShown] = useState(false);
    const [first] = useState(props);
    const current = shown ? props : first;
    return useMemo(
      () => (
        <Suspense fallback={null}>
          <Inner props={current} onShown={setShown} />
        </Suspense>
      ),
      [current],
    );
  };
}

const Nothing = () => null;
