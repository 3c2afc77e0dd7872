// The WhatsApp Cloud API client (docs/cod-confirmation.md#whatsapp): POST {graph}/{version}/{phone-number-id}/messages
// with the approved `cod_confirm` template, its body slots and two quick-reply buttons. The same client talks to
// Meta and to the local stand-in, which answers the same shapes.
import {
  COD_TEMPLATE,
  type ConfirmRequest,
  replyPayload,
  type WhatsAppMessenger,
  WhatsAppRefused,
} from './port.ts';

export interface CloudApiOptions {
  graphUrl: string;
  graphVersion: string;
  phoneNumberId: string;
  accessToken: string;
  fetch?: typeof fetch;
}

/** The request body Meta documents for a template message with quick-reply buttons. */
export function templateBody(request: ConfirmRequest) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: request.to,
    type: 'template',
    template: {
      name: COD_TEMPLATE,
      language: { code: 'en' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: request.orderNumber },
            { type: 'text', text: request.amount },
          ],
        },
        {
          type: 'button',
          sub_type: 'quick_reply',
          index: '0',
          parameters: [{ type: 'payload', payload: replyPayload('CONFIRM', request.orderNumber) }],
        },
        {
          type: 'button',
          sub_type: 'quick_reply',
          index: '1',
          parameters: [{ type: 'payload', payload: replyPayload('CANCEL', request.orderNumber) }],
        },
      ],
    },
  };
}

interface GraphAnswer {
  messages?: { id?: unknown }[];
  error?: { message?: unknown; code?: unknown };
}

export function createCloudApiMessenger(options: CloudApiOptions): WhatsAppMessenger {
  const send = options.fetch ?? fetch;
  const url = `${options.graphUrl}/${options.graphVersion}/${options.phoneNumberId}/messages`;
  return {
    async sendConfirmRequest(request) {
      const res = await send(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(templateBody(request)),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await res.json().catch(() => ({}))) as GraphAnswer;
      const id = answer.messages?.[0]?.id;
      if (res.ok && typeof id === 'string') return { messageId: id };
      const message = typeof answer.error?.message === 'string' ? answer.error.message : `HTTP ${res.status}`;
      const code = typeof answer.error?.code === 'number' ? answer.error.code : undefined;
      // A 4xx is Meta's answer about this message (retrying repeats it); a 5xx or a throttle is worth retrying.
      if (res.status >= 400 && res.status < 500 && res.status !== 429)
        throw new WhatsAppRefused(message, code);
      throw new Error(`WhatsApp send failed: ${message}`);
    },
  };
}
