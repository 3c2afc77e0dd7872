// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { RootData } from '../lib/root-data';
import { SiteFooter } from './SiteFooter';

const NO_NETWORKS = { instagram: '', facebook: '', x: '', youtube: '' };

async function renderFooter(footer: RootData['footer']) {
  const data: RootData = { collections: null, collectionsError: null, publicUrl: 'http://shop.test', footer };
  const Stub = createRoutesStub([
    { id: 'root', path: '/', loader: () => data, HydrateFallback: () => null, Component: SiteFooter },
  ]);
  render(<Stub initialEntries={['/']} />);
  return within(await screen.findByRole('contentinfo'));
}

afterEach(cleanup);

describe('the footer', () => {
  it('links only the networks and the WhatsApp number the store set', async () => {
    const footer = await renderFooter({
      email: 'care@rangrez.store',
      social: { ...NO_NETWORKS, instagram: 'https://www.instagram.com/rangrez.store' },
      whatsappNumber: '9820012345',
    });
    expect(footer.getByRole('link', { name: 'Instagram' })).toHaveProperty(
      'href',
      'https://www.instagram.com/rangrez.store',
    );
    expect(footer.getByRole('link', { name: 'WhatsApp' })).toHaveProperty(
      'href',
      'https://wa.me/919820012345',
    );
    for (const name of ['Facebook', 'X (Twitter)', 'YouTube']) {
      expect(footer.queryByRole('link', { name })).toBeNull();
    }
  });

  it('shows no social link at all when the store set none', async () => {
    const footer = await renderFooter({
      email: 'care@rangrez.store',
      social: NO_NETWORKS,
      whatsappNumber: '',
    });
    expect(footer.getByRole('link', { name: 'care@rangrez.store' })).toHaveProperty(
      'href',
      'mailto:care@rangrez.store',
    );
    for (const name of ['Instagram', 'Facebook', 'X (Twitter)', 'YouTube', 'WhatsApp']) {
      expect(footer.queryByRole('link', { name })).toBeNull();
    }
  });
});
