// @vitest-environment happy-dom
import { searchSuggestionsSchema } from '@rangrez/contract/schemas';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../lib/test-helpers';
import { HeaderSearch } from './HeaderSearch';

afterEach(cleanup);

const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return apiResponse(searchSuggestionsSchema, {
        products: [
          { _id: 'p1', name: 'Kaala Raven Hoodie', price: 1499, thumbnail: 'http://shop.test/media/a.jpg' },
          { _id: 'p2', name: 'Kaala Night Tee', price: 799, thumbnail: 'http://shop.test/media/b.jpg' },
        ],
        categories: [{ name: 'Hoodie', group: 'Men', path: '/collection/men/hoodie' }],
      });
    }),
  );
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function fieldStub() {
  return createRoutesStub([
    {
      path: '*',
      Component: () => (
        <>
          <HeaderSearch />
          <Where />
        </>
      ),
    },
  ]);
}

async function renderField() {
  const Stub = fieldStub();
  render(<Stub initialEntries={['/']} />);
  const field = screen.getByRole('combobox', { name: 'Search products' });
  await act(async () => {
    fireEvent.focus(field);
  });
  // The suggestions' code has arrived once their (empty, hidden) listbox is in the page.
  await screen.findByRole('listbox', { hidden: true });
  fireEvent.change(field, { target: { value: 'kaala' } });
  await screen.findByRole('option', { name: /Kaala Raven Hoodie/ });
  await waitFor(() => expect(field.getAttribute('aria-expanded')).toBe('true'));
  return field;
}

describe('the header search field', () => {
  it('asks for suggestions once typing pauses and shows products, collections and a search of the text', async () => {
    const field = await renderField();
    expect(asked).toEqual(['/api/v1/search/suggest?q=kaala']);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Kaala Raven Hoodie₹1499',
      'Kaala Night Tee₹799',
      'HoodieMen',
      'Search for "kaala"',
    ]);
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(field.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('moves through the options with the arrow keys, wrapping, and opens the active one on Enter', async () => {
    const field = await renderField();
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(field.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[3]!.id);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    await act(async () => {
      fireEvent.keyDown(field, { key: 'Enter' });
    });
    expect(screen.getByTestId('where').textContent).toBe('/collection/men/hoodie');
  });

  it('closes the list on Escape and searches the text on Enter with no option active', async () => {
    const field = await renderField();
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.hasAttribute('aria-activedescendant')).toBe(false);
    expect(screen.queryByRole('listbox')).toBeNull();
    await act(async () => {
      fireEvent.submit((field as HTMLInputElement).form!);
    });
    expect(screen.getByTestId('where').textContent).toBe('/search?q=kaala');
  });

  it('loads the suggestions for a field that was focused before its code arrived', async () => {
    const Stub = fieldStub();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Stub initialEntries={['/']} />);
    document.body.append(container);
    container.querySelector('input')!.focus();
    render(<Stub initialEntries={['/']} />, { container, hydrate: true });
    expect(await screen.findByRole('listbox', { hidden: true })).toBeTruthy();
  });
});
