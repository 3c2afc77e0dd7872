// Picks the Google integration from configuration (GOOGLE_AUTH): the real endpoints, the local stand-in
// (same client code, answered from inside this app), or none.
import type { GoogleConfig } from '@rangrez/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { createGoogleClient } from './client.ts';
import { createInjectFetch } from '../../lib/inject-fetch.ts';
import { GOOGLE_ENDPOINTS, type GoogleVerifier } from './port.ts';
import { STANDIN_AUTH_PATH, type StandinOptions, standinEndpoints } from './standin.ts';
import { createStandinStore } from './standin-store.ts';

export interface GoogleSetup {
  verifier: GoogleVerifier | null;
  /** What GET /api/v1/auth/google/config answers. */
  publicConfig: GoogleConfig;
  /** Options of the stand-in's routes when GOOGLE_AUTH=standin. */
  standin: StandinOptions | null;
}

export function setUpGoogle(app: FastifyInstance, config: Config, db: Db, clock: Clock): GoogleSetup {
  const { mode, clientId } = config.google;
  if (mode === 'off' || !clientId) {
    return { verifier: null, publicConfig: { enabled: false, clientId: null, authUrl: null }, standin: null };
  }
  if (mode === 'google') {
    return {
      verifier: createGoogleClient({ clientId, endpoints: GOOGLE_ENDPOINTS, clock }),
      publicConfig: { enabled: true, clientId, authUrl: GOOGLE_ENDPOINTS.authUrl },
      standin: null,
    };
  }
  return {
    verifier: createGoogleClient({
      clientId,
      endpoints: standinEndpoints(),
      fetch: createInjectFetch(() => app),
      clock,
    }),
    publicConfig: { enabled: true, clientId, authUrl: STANDIN_AUTH_PATH },
    standin: { store: createStandinStore(db, clock), clock, clientId, publicUrl: config.publicUrl },
  };
}
