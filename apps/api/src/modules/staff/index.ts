// What the rest of the API may use of the staff module (docs/decisions/013-module-boundaries.md).
export { type StaffService, type TwoFactorPolicy, createStaffService } from './service.ts';
export { createStaffTokens } from './tokens.ts';
export { staffRoutes } from './routes.ts';
