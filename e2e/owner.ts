// The shop's first owner on the e2e server: playwright.config.ts starts the store with them (OWNER_EMAIL,
// OWNER_PASSWORD), and the back-office spec signs in as them.
export const OWNER = { email: 'owner@e2e.rangrez.test', password: 'Kesari-Owner-2026!' } as const;
