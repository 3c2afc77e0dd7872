// Zod schemas and inferred types for every request and response of the API (docs/api.md#calls).
export * from './common.ts';
export * from './catalogue.ts';
export * from './auth.ts';
export * from './user.ts';
export * from './wishlist.ts';
export * from './cart.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './pincode.ts';
export * from './admin.ts';
export * from './admin-catalogue.ts';
export * from './admin-slides.ts';
export * from './admin-media.ts';
export * from './reviews.ts';
export * from './admin-catalogue-csv.ts';
export * from './admin-settings.ts';
export * from './admin-orders.ts';
