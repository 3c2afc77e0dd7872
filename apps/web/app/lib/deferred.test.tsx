// @vitest-environment happy-dom
// A deferred part keeps the server's HTML while its code is on the way, even when its parent re-renders with new
// props meanwhile, and shows those props once it has hydrated.
import { act, Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { deferred } from './deferred';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Crumbs({ label }: { label: string }) {
  return <nav aria-label="Breadcrumb">{label}</nav>;
}

let container: HTMLDivElement;
afterEach(() => container.remove());

it('keeps the server HTML through an early update, then shows the new props', async () => {
  // What the server sends: the part rendered in a Suspense boundary, as deferred() renders it there.
  const serverHtml = renderToString(
    <main>
      <Suspense fallback={null}>
        <Crumbs label="Home / Tees" />
      </Suspense>
    </main>,
  );
  container = document.createElement('div');
  container.innerHTML = serverHtml;
  document.body.append(container);
  const serverNav = container.querySelector('nav');

  let arrive!: () => void;
  const code = new Promise<typeof Crumbs>((resolve) => (arrive = () => resolve(Crumbs)));
  const LateCrumbs = deferred(() => code);
  const App = ({ label }: { label: string }) => (
    <main>
      <LateCrumbs label={label} />
    </main>
  );

  const recoverable: unknown[] = [];
  const root = await act(async () =>
    hydrateRoot(container, <App label="Home / Tees" />, { onRecoverableError: (e) => recoverable.push(e) }),
  );
  // The parent re-renders before the part's code is in: the server's HTML stays, the very same element.
  await act(async () => root.render(<App label="Home / Hoodies" />));
  expect(container.querySelector('nav')).toBe(serverNav);
  expect(serverNav?.textContent).toBe('Home / Tees');

  await act(async () => arrive());
  expect(container.querySelector('nav')).toBe(serverNav);
  expect(serverNav?.textContent).toBe('Home / Hoodies');
  expect(recoverable).toEqual([]);
  await act(async () => root.unmount());
});
