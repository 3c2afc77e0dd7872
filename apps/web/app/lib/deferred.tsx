// A component whose code is not part of the page's first load, though its HTML is: the server renders it as
// usual, and in the browser React leaves that HTML in place (a dehydrated Suspense boundary) until the code has
// arrived, then hydrates it. For what sits below the fold or is not interactive at first paint (related
// products, the product tabs, the footer): the page's own code and the LCP image load first, and the main part
// of the page hydrates without waiting for it. Its links work meanwhile (as plain links); a click on one of its
// buttons in the few milliseconds before its code arrives is lost, which is why the header and the buying
// column are not deferred.
import { type ComponentType, Suspense, use } from 'react';

export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const start = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
      },
      () => {
        // Offline, or a new deployment removed the file: the part is left out rather than the page failing.
        Loaded = Nothing;
      },
    ));
  // On the server the code is loaded at start-up, so pages render it in one pass rather than streaming it.
  if (import.meta.env.SSR) void start();

  function Inner(props: P) {
    if (!Loaded) use(start());
    const Component = Loaded!;
    return <Component {...props} />;
  }
  return function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Inner {...props} />
      </Suspense>
    );
  };
}

const Nothing = () => null;
