// What server loaders may ask of the API process. The web app never imports the API or db packages:
// the server passes an object of the contract's StoreServices shape as the load context (no HTTP hop).
import type { StoreServices } from '@rangrez/contract/services';

export interface StoreLoadContext {
  services: StoreServices;
  /** Per-response CSP nonce for inline scripts React Router writes. */
  cspNonce?: string;
}

declare module 'react-router' {
  // Declaration merging needs an interface; it has no members of its own.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends StoreLoadContext {}
}
