// Builds the fulfilment partner from configuration. FULFILMENT=qikink: the client against Qikink (sandbox by
// default). FULFILMENT=simulated: the same client against the simulated partner, mounted under /__qikink.
import type { Config } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import type { FulfilmentPartner } from './port.ts';
import { createQikinkClient } from './qikink-client.ts';
import { createSimulatedPartner, type SimulatedPartner } from './simulated/partner.ts';

export const SIMULATED_PREFIX = '/__qikink';

export interface FulfilmentSetup {
  partner: FulfilmentPartner;
  /** Only with FULFILMENT=simulated: mount `simulated.routes` under SIMULATED_PREFIX. */
  simulated?: SimulatedPartner;
}

export function createFulfilment(
  config: Config,
  deps: { db: Db; localFetch: typeof fetch; clock: Clock },
): FulfilmentSetup {
  const f = config.fulfilment;
  const now = () => deps.clock.now().getTime();
  const client = (baseUrl: string, localFetch?: typeof fetch) =>
    createQikinkClient({
      baseUrl,
      clientId: f.clientId,
      clientSecret: f.clientSecret,
      db: deps.db,
      now,
      ...(localFetch ? { fetch: localFetch } : {}),
    });
  if (f.provider === 'qikink') return { partner: client(f.baseUrl ?? 'https://sandbox.qikink.com') };
  const simulated = createSimulatedPartner({
    db: deps.db,
    clientId: f.clientId,
    clientSecret: f.clientSecret,
    publicBaseUrl: `${config.publicUrl}${SIMULATED_PREFIX}`,
    stepMs: f.simulatedStepSeconds * 1000,
    now,
  });
  return {
    partner: f.baseUrl
      ? client(f.baseUrl)
      : client(`${config.publicUrl}${SIMULATED_PREFIX}`, deps.localFetch),
    simulated,
  };
}
