// Finding products (docs/search.md): the header's search field with suggestions picked by keyboard, the /search
// page's filters kept in the URL and restored by Back, the phone's bottom sheet, and a collection's own search
// that finds nothing pointing to the whole catalogue.
import type { Page } from '@playwright/test';
import { TEST_COLLECTION, expect, hydrated, test } from './fixtures.ts';

/** The sort and filter form's code has arrived (it follows the page's first load): its Apply button is gone. */
const filtersReady = (page: Page) =>
  expect(page.getByRole('button', { name: 'Apply', includeHidden: true })).toHaveCount(0);

/**
 * The header's field, once its code and its suggestions' code have arrived (its code follows the page's first
 * load; the suggestions' loads on focus and renders the empty, hidden listbox).
 */
async function searchField(page: Page) {
  const field = page.getByRole('combobox', { name: 'Search products' });
  await expect(async () => {
    // A field already focused gets no second focus event: leave it first.
    await field.blur();
    await field.focus();
    await expect(page.getByRole('listbox', { name: 'Suggestions', includeHidden: true })).toHaveCount(1, {
      timeout: 500,
    });
  }).toPass();
  return field;
}

test('the header field suggests a product as you type and opens it with the keyboard', async ({
  page,
  createProduct,
}) => {
  const product = await createProduct();
  await page.goto('/about');
  await hydrated(page);
  const field = await searchField(page);
  await field.pressSequentially(product.name);
  const option = page
    .getByRole('listbox', { name: 'Suggestions' })
    .getByRole('option', { name: new RegExp(`^${product.name} ₹`) });
  await expect(option).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await field.press('ArrowDown');
  await expect(field).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
});

test('Enter with no suggestion chosen searches the whole catalogue', async ({ page, createProduct }) => {
  const product = await createProduct();
  await page.goto('/');
  await hydrated(page);
  const field = await searchField(page);
  await field.fill(product.name);
  await field.press('Enter');
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent(product.name)}`);
  await expect(page.getByRole('heading', { level: 1, name: `Results for "${product.name}"` })).toBeVisible();
  await expect(page.getByText('Found 1 results')).toBeVisible();
});

test('a filter in the URL is applied and shown; changing it navigates, and Back restores it', async ({
  page,
  createProduct,
}) => {
  const product = await createProduct();
  const q = encodeURIComponent(product.name);
  await page.goto(`/search?q=${q}&color=Bk`);
  await hydrated(page);
  await filtersReady(page);
  const results = page.getByRole('region', { name: 'Products' });
  await expect(results.getByRole('link', { name: product.name }).first()).toBeVisible();
  const black = page.getByRole('checkbox', { name: /^Black \(1\)$/ });
  await expect(black).toBeChecked();

  await page.getByRole('radio', { name: '₹1,500 and above (0)' }).check();
  // A form's own encoding: spaces as '+'.
  const typed = new URLSearchParams({ q: product.name }).toString();
  await expect(page).toHaveURL(`/search?${typed}&color=Bk&minPrice=1500`);
  await expect(page.getByText(`No products match "${product.name}".`)).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(`/search?q=${q}&color=Bk`);
  await expect(results.getByRole('link', { name: product.name }).first()).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Black \(1\)$/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Any price' })).toBeChecked();
});

test('on a phone the filters open in a bottom sheet that takes and gives back focus', async ({
  page,
  createProduct,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const product = await createProduct();
  await page.goto(`/search?q=${encodeURIComponent(product.name)}`);
  await hydrated(page);
  await filtersReady(page);
  const open = page.getByRole('button', { name: 'Sort and filters' });
  await open.click();
  const sheet = page.getByRole('dialog', { name: 'Sort and filters' });
  await expect(sheet).toBeVisible();
  await expect(sheet.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(open).toBeFocused();
});

test("a collection's own search that finds nothing links to a search of every product", async ({ page }) => {
  const word = 'zzqxnomatch';
  await page.goto(`/collection/${TEST_COLLECTION.path}?q=${word}`);
  await hydrated(page);
  await expect(page.getByText(`No products match "${word}".`)).toBeVisible();
  await expect(page.getByText('No products for selected category. Please select a category.')).toHaveCount(0);
  await page.getByRole('link', { name: 'Search all products' }).click();
  await expect(page).toHaveURL(`/search?q=${word}`);
  await expect(page.getByText('Found 0 results')).toBeVisible();
});
