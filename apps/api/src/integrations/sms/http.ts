// A generic DLT-compliant SMS gateway over HTTP (docs/cod-confirmation.md#sms): one JSON POST per message with the
// sender header, the DLT template id and the filled text; Indian gateways take these same three under their own
// field names, so an adapter for one is a few lines here.
import type { SmsSender } from './port.ts';

export function createHttpSms(options: { url: string; apiKey?: string; fetch?: typeof fetch }): SmsSender {
  const send = options.fetch ?? fetch;
  return {
    async send(message) {
      const res = await send(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          sender: message.sender,
          to: message.to,
          dlt_template_id: message.templateId,
          message: message.text,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await res.json().catch(() => ({}))) as { id?: unknown; message_id?: unknown };
      const id = answer.message_id ?? answer.id;
      if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
      return { messageId: typeof id === 'string' ? id : `sms-${Date.now()}` };
    },
  };
}
