// Builds the confirmation channels from configuration (docs/cod-confirmation.md). WHATSAPP=meta: the Cloud API
// client against graph.facebook.com. WHATSAPP=standin: the same client against the local stand-in mounted under
// /__whatsapp, whose signed webhooks reach the store in-process. SMS=http: the DLT gateway; SMS=standin: a recorder.
import type { Config } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { createHttpSms } from '../sms/http.ts';
import type { SmsSender } from '../sms/port.ts';
import { createSmsStandin } from '../sms/standin.ts';
import { createCloudApiMessenger } from './cloud-api.ts';
import type { WhatsAppMessenger } from './port.ts';
import { createWhatsAppStandin, WHATSAPP_STANDIN_PREFIX, type WhatsAppStandin } from './standin.ts';

export interface MessagingSetup {
  whatsapp: WhatsAppMessenger;
  sms: SmsSender;
  /** Only with WHATSAPP=standin: mount `standin.routes` under WHATSAPP_STANDIN_PREFIX. */
  whatsappStandin?: WhatsAppStandin;
  /** Only with SMS=standin: what was sent. */
  smsStandin?: ReturnType<typeof createSmsStandin>;
}

export function createMessaging(
  config: Config,
  deps: { localFetch: typeof fetch; clock: Clock },
): MessagingSetup {
  const w = config.messaging.whatsapp;
  const s = config.messaging.sms;
  const smsStandin = s.provider === 'standin' ? createSmsStandin() : undefined;
  const sms = smsStandin ?? createHttpSms({ url: s.url ?? '', ...(s.apiKey ? { apiKey: s.apiKey } : {}) });
  const client = (graphUrl: string, fetchImpl?: typeof fetch) =>
    createCloudApiMessenger({
      graphUrl,
      graphVersion: w.graphVersion,
      phoneNumberId: w.phoneNumberId,
      accessToken: w.accessToken,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
  if (w.provider === 'meta') {
    return {
      whatsapp: client(w.graphUrl ?? 'https://graph.facebook.com'),
      sms,
      ...(smsStandin ? { smsStandin } : {}),
    };
  }
  const standin = createWhatsAppStandin({
    phoneNumberId: w.phoneNumberId,
    accessToken: w.accessToken,
    appSecret: w.appSecret,
    webhookUrl: w.webhookUrl,
    fetch: deps.localFetch,
    now: () => deps.clock.now(),
  });
  return {
    // In-process unless a Graph URL is configured: the stand-in works wherever PUBLIC_URL points.
    whatsapp: w.graphUrl
      ? client(w.graphUrl)
      : client(`http://whatsapp.standin${WHATSAPP_STANDIN_PREFIX}`, deps.localFetch),
    sms,
    whatsappStandin: standin,
    ...(smsStandin ? { smsStandin } : {}),
  };
}
