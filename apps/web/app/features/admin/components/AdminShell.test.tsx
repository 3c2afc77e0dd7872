// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { StaffRole } from '@rangrez/contract/rules/staff-roles';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, makeStaff } from '../test-helpers';
import { AdminShell } from './AdminShell';
import type { StaffSelf } from '@rangrez/contract/schemas/admin';

function renderShell(staff: StaffSelf, url = '/admin') {
  const Stub = createRoutesStub([
    {
      path: '/admin',
      Component: () => <AdminShell staff={staff} />,
      children: [
        { index: true, Component: () => <h1>Dashboard page</h1> },
        { path: 'staff', Component: () => <h1>Staff page</h1> },
        { path: 'orders', Component: () => <h1>Orders page</h1> },
        { path: 'products/:id', Component: () => <h1>Product page</h1> },
        { path: 'security', Component: () => <h1>Security page</h1> },
      ],
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Back office' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

// The badge asks for the queue's count: answered 0 (no badge) unless a test says otherwise.
beforeEach(() => fakeAdminApi(() => Response.json({ count: 0 })));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AdminShell', () => {
  it.each<[StaffRole, string[]]>([
    [
      'owner',
      [
        'Dashboard',
        'Orders',
        'Needs action',
        'Products',
        'Import',
        'Slides',
        'Promotions',
        'Reviews',
        'Returns',
        'Search',
        'Back in stock',
        'Subscribers',
        'Books',
        'Categories',
        'Settings',
        'Delivery',
        'COD rules',
        'RTO',
        'Staff',
        'Audit',
        'Security',
      ],
    ],
    [
      'ops',
      [
        'Dashboard',
        'Orders',
        'Needs action',
        'Products',
        'Returns',
        'Search',
        'Back in stock',
        'Categories',
        'COD rules',
        'RTO',
        'Security',
      ],
    ],
    [
      'catalogue',
      [
        'Dashboard',
        'Products',
        'Import',
        'Slides',
        'Promotions',
        'Reviews',
        'Search',
        'Back in stock',
        'Subscribers',
        'Categories',
        'Security',
      ],
    ],
    [
      'support',
      [
        'Dashboard',
        'Orders',
        'Needs action',
        'Products',
        'Returns',
        'Search',
        'Back in stock',
        'Categories',
        'COD rules',
        'RTO',
        'Security',
      ],
    ],
  ])('shows %s only the sections the role may open', (role, links) => {
    renderShell(makeStaff(role));
    expect(navLinks()).toEqual(links);
  });

  it('shows how many entries need action beside the queue, asked again on every navigation', async () => {
    let count = 3;
    const calls = fakeAdminApi(() => Response.json({ count }));
    renderShell(makeStaff('ops'));
    const link = await screen.findByRole('link', { name: 'Needs action 3 waiting' });
    count = 2;
    fireEvent.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('link', { name: 'Needs action 2 waiting' })).toBe(link);
    expect(calls.map((c) => c.path)).toEqual(['/needs-action/count', '/needs-action/count']);
  });

  it('asks the catalogue role nothing about orders', () => {
    const calls = fakeAdminApi(() => Response.json({ count: 1 }));
    renderShell(makeStaff('catalogue'));
    expect(calls).toEqual([]);
  });

  it('asks nothing about orders before the member has set up two-factor sign-in (the server would refuse)', () => {
    const calls = fakeAdminApi(() => Response.json({ count: 1 }));
    renderShell(makeStaff('ops', { totpEnabled: false, mustEnrolTotp: true }), '/admin/security');
    expect(calls).toEqual([]);
  });

  it('marks the current section', () => {
    renderShell(makeStaff('owner'), '/admin/staff');
    expect(screen.getByRole('link', { name: 'Staff' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('marks Products on a product’s own page', () => {
    renderShell(makeStaff('catalogue'), '/admin/products/7d1e2f30-4b5c-4d6e-8f70-91a2b3c4d5e6');
    expect(screen.getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBe('page');
  });

  it('marks only Import on the import page, under Products', () => {
    renderShell(makeStaff('catalogue'), '/admin/products/import');
    expect(screen.getByRole('link', { name: 'Import' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBeNull();
  });

  it('sends a member who must set up two-factor sign-in to the security page from every page', async () => {
    const staff = makeStaff('owner', { totpEnabled: false, mustEnrolTotp: true });
    for (const url of ['/admin', '/admin/staff']) {
      const view = renderShell(staff, url);
      expect(await screen.findByRole('heading', { name: 'Security page' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: /Dashboard page|Staff page/ })).toBeNull();
      view.unmount();
    }
  });

  it('leaves a member who has set it up where they are', () => {
    renderShell(makeStaff('owner', { totpEnabled: false, mustEnrolTotp: false }), '/admin/staff');
    expect(screen.getByRole('heading', { name: 'Staff page' })).toBeTruthy();
  });
});
