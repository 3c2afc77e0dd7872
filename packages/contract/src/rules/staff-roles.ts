// Staff roles and their permissions (docs/admin.md#roles). A permission is `resource:action`; a role is a set of
// them. The server checks the permission every admin route declares; the admin app shows only what the role may
// open. Both read this one table.

export const PERMISSIONS = [
  // Catalogue
  'products:read',
  'products:write',
  'categories:write',
  'slides:read',
  'slides:write',
  /** Uploading images, for products and slides alike (docs/admin.md#images). */
  'media:write',
  'reviews:read',
  'reviews:moderate',
  /** Offers and codes (docs/promotions.md). */
  'promotions:read',
  'promotions:write',
  /** The newsletter's subscribers and their export (docs/newsletter.md). */
  'subscribers:read',
  // Orders and customers
  'orders:read',
  'orders:write',
  'customers:read',
  'refunds:write',
  'returns:write',
  // The shop itself
  'staff:read',
  'staff:write',
  'settings:read',
  'settings:write',
  'audit:read',
  /** The accountant's exports: GSTR-1 tables and the registers (docs/gst.md#exports). The owner's alone. */
  'books:read',
  /** The dashboard's sales, refunds and returns figures (docs/admin.md#dashboard). */
  'reports:read',
  /** The cash on delivery rules: values, PIN lists, limits and the fee (docs/cod.md#settings). */
  'cod:write',
  /** Lifting a phone's or an account's cash on delivery block (docs/cod.md#blocks). The owner's alone. */
  'cod:unblock',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const STAFF_ROLES = ['owner', 'ops', 'catalogue', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const CATALOGUE: readonly Permission[] = [
  'products:read',
  'products:write',
  'categories:write',
  'slides:read',
  'slides:write',
  'media:write',
  'reviews:read',
  'reviews:moderate',
  'promotions:read',
  'promotions:write',
  'subscribers:read',
];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  /** Everything, including staff and settings. */
  owner: PERMISSIONS,
  /** Orders, customers, refunds, returns and the COD rules; sees the catalogue to answer questions about it. */
  ops: [
    'orders:read',
    'orders:write',
    'customers:read',
    'refunds:write',
    'returns:write',
    'products:read',
    'cod:write',
  ],
  /** Products, stock, images, categories, slides, reviews, promotions and the newsletter's subscribers. */
  catalogue: CATALOGUE,
  /** Reads orders and customers, changes nothing. */
  support: ['orders:read', 'customers:read', 'products:read'],
};

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  owner: 'Owner',
  ops: 'Operations',
  catalogue: 'Catalogue',
  support: 'Support',
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether `role` holds `permission`. Unknown roles hold nothing (deny by default). */
export function roleCan(role: string, permission: Permission): boolean {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/** Staff sign-in and staff management messages (docs/admin.md#sign-in). */
export const STAFF_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  totpRequired: 'Enter the 6-digit code from your authenticator app',
  totpInvalid: 'That code is not valid. Try the current one, or a recovery code.',
  enrolmentRequired: 'Two-factor authentication is required. Set it up to continue.',
  disabled: 'This staff account is disabled',
  notStaff: 'Staff sign-in required',
  forbidden: 'Your role does not allow this',
  staffExists: 'A staff account with this email already exists',
  staffNotFound: 'Staff account not found',
  lastOwner: 'The shop must keep at least one active owner',
  invitationInvalid: 'This invitation link is invalid or has expired',
  signedOut: 'Signed out',
} as const;

/** Staff sessions end after this much idle time (12 hours). */
export const STAFF_SESSION_IDLE_SECONDS = 12 * 60 * 60;
/** An invitation link works once, for 48 hours. */
export const STAFF_INVITATION_TTL_SECONDS = 48 * 60 * 60;
/** Recovery codes handed out when two-factor sign-in is set up; each works once. */
export const STAFF_RECOVERY_CODE_COUNT = 10;
