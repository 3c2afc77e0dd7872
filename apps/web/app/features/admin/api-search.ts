// The back office's search calls (docs/admin.md#search). Every answer is parsed with the contract's schema.
import { successMessageResponseSchema } from '@rangrez/contract/schemas/basics';
import {
  type AdminSynonymBody,
  adminSearchMissListResponseSchema,
  adminSynonymListResponseSchema,
  adminSynonymResponseSchema,
} from '@rangrez/contract/schemas/search';
import type { SignedInCall } from './api-call';

const synonym = (id: string) => `/search/synonyms/${encodeURIComponent(id)}`;

export function searchCalls(signedIn: SignedInCall) {
  return {
    searchMisses: () => signedIn('/search/misses', adminSearchMissListResponseSchema),
    synonyms: () => signedIn('/search/synonyms', adminSynonymListResponseSchema),
    createSynonym: (body: AdminSynonymBody) =>
      signedIn('/search/synonyms', adminSynonymResponseSchema, { method: 'POST', body }),
    updateSynonym: (id: string, body: AdminSynonymBody) =>
      signedIn(synonym(id), adminSynonymResponseSchema, { method: 'PUT', body }),
    deleteSynonym: (id: string) => signedIn(synonym(id), successMessageResponseSchema, { method: 'DELETE' }),
  };
}
