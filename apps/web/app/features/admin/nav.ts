// The back office's sections and who may open them (docs/admin.md#roles): the navigation and the dashboard show
// only these, for the member's role. The server checks every call regardless.
import { type Permission, roleCan } from '@rangrez/contract/rules/staff-roles';

export interface AdminSection {
  to: string;
  label: string;
  description: string;
  /** The permission the section's page needs; null: every member. */
  permission: Permission | null;
}

const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: '/admin', label: 'Dashboard', description: 'What your role may open.', permission: null },
  {
    to: '/admin/orders',
    label: 'Orders',
    description: 'Find orders, open one to refund, cancel, resend or note it; export the filtered set.',
    permission: 'orders:read',
  },
  {
    to: '/admin/needs-action',
    label: 'Needs action',
    description:
      'Partner refusals, cancellations at the partner, money owed, dead webhooks, returns, late parcels.',
    permission: 'orders:read',
  },
  {
    to: '/admin/products',
    label: 'Products',
    description: 'Search the catalogue; edit products, their prices, stock per colour and size, and status.',
    permission: 'products:read',
  },
  {
    to: '/admin/products/import',
    label: 'Import',
    description: 'Check a CSV file of products and variants, then import it all or nothing.',
    permission: 'products:write',
  },
  {
    to: '/admin/slides',
    label: 'Slides',
    description: "The home page's hero slides: their text, images, schedule, order and clicks.",
    permission: 'slides:read',
  },
  {
    to: '/admin/promotions',
    label: 'Promotions',
    description: 'Codes, automatic offers and batches of single-use codes; what each has given, day by day.',
    permission: 'promotions:read',
  },
  {
    to: '/admin/reviews',
    label: 'Reviews',
    description: 'Approve or reject what shoppers write, and reply to them.',
    permission: 'reviews:read',
  },
  {
    to: '/admin/returns',
    label: 'Returns',
    description: 'Defect returns shoppers asked for: approve or reject, then reprint or refund.',
    permission: 'orders:read',
  },
  {
    to: '/admin/search',
    label: 'Search',
    description: 'Searches that found nothing, and the synonyms that make shoppers’ words find products.',
    permission: 'products:read',
  },
  {
    to: '/admin/back-in-stock',
    label: 'Back in stock',
    description: 'How many shoppers wait for each out-of-stock product, colour and size.',
    permission: 'products:read',
  },
  {
    to: '/admin/subscribers',
    label: 'Subscribers',
    description: "The newsletter's subscribers, their consent and welcome codes; export them as CSV.",
    permission: 'subscribers:read',
  },
  {
    to: '/admin/books',
    label: 'Books',
    description:
      "The accountant's files for a month or any dates: GSTR-1 tables and the invoice and sales registers.",
    permission: 'books:read',
  },
  {
    to: '/admin/categories',
    label: 'Categories',
    description: "The menu's groups and sub-categories, and the size chart of each garment type.",
    permission: 'products:read',
  },
  {
    to: '/admin/settings',
    label: 'Settings',
    description: "The seller's details, support hours and social links the shop shows.",
    permission: 'settings:read',
  },
  {
    to: '/admin/settings/delivery',
    label: 'Delivery',
    description: 'The delivery promise: cut-off, production and transit days, holidays; promise against reality.',
    permission: 'settings:read',
  },
  {
    to: '/admin/settings/cod',
    label: 'COD rules',
    description:
      'Who may pay cash on delivery: order values, PIN codes, orders on the way, the fee and blocks.',
    permission: 'orders:read',
  },
  {
    to: '/admin/rto',
    label: 'RTO',
    description:
      'Parcels returned to origin: the rate by PIN code, state and week, and the orders with reasons.',
    permission: 'orders:read',
  },
  {
    to: '/admin/staff',
    label: 'Staff',
    description: 'Invite staff, change their roles, disable accounts and reset two-factor sign-in.',
    permission: 'staff:read',
  },
  {
    to: '/admin/audit',
    label: 'Audit',
    description: 'Every change made through the back office: who, what, when, before and after.',
    permission: 'audit:read',
  },
  {
    to: '/admin/security',
    label: 'Security',
    description: 'Two-factor sign-in for your own account.',
    permission: null,
  },
];

/** The sections `role` may open, in navigation order. */
export function sectionsFor(role: string): AdminSection[] {
  return ADMIN_SECTIONS.filter((s) => s.permission === null || roleCan(role, s.permission));
}

const within = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/**
 * Whether `to`'s link should match only its own address on `pathname`: when a more specific section (Import,
 * under Products) holds the page, so one link is marked current, not two. Otherwise a section marks its pages too
 * (a product's page marks Products).
 */
export function matchesOnlyItself(sections: readonly AdminSection[], to: string, pathname: string): boolean {
  return sections.some((s) => s.to !== to && s.to.startsWith(`${to}/`) && within(pathname, s.to));
}
