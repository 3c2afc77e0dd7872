// What the rest of the API may use of the address book (docs/decisions/013-module-boundaries.md).
export { addressRoutes } from './routes.ts';
export { createAddressBook, keepOrderAddressInTx } from './service.ts';
