import { type Page, test as base, expect } from '@playwright/test';

/** Every page fails its test on a console error or an uncaught exception in the browser. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        // The browser reports the /404 page's own status as a failed load; that status is the point of it.
        if (msg.type() === 'error' && !msg.location().url.endsWith('/404')) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'browser console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Resolves once the page's scripts have run and React Router's client is taking over. They start only after the
 * page has loaded and painted (docs/decisions/012-scripts-after-load.md): wait for this before using a button.
 */
export const hydrated = (page: Page) =>
  page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
  );

export { expect };
