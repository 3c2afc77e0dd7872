// The real channels' requests against the documented shapes (docs/cod-confirmation.md#whatsapp), with a fake
// fetch: Meta's Cloud API template message with its quick-reply payloads, its answers and errors, the webhook
// signature, and the DLT SMS gateway's body. No network.
import { describe, expect, it } from 'vitest';
import { createHttpSms } from '../src/integrations/sms/http.ts';
import { fillTemplate, SMS_TEMPLATE } from '../src/integrations/sms/port.ts';
import { createCloudApiMessenger } from '../src/integrations/whatsapp/cloud-api.ts';
import {
  isSignedBy,
  parseReplyPayload,
  signatureOf,
  waNumber,
  WhatsAppRefused,
} from '../src/integrations/whatsapp/port.ts';

interface Sent {
  url: string;
  init: RequestInit;
}

function fakeFetch(status: number, body: unknown) {
  const sent: Sent[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { sent, fetch };
}

const messenger = (fetch: typeof globalThis.fetch) =>
  createCloudApiMessenger({
    graphUrl: 'https://graph.facebook.com',
    graphVersion: 'v21.0',
    phoneNumberId: '106540352242922',
    accessToken: 'EAAG-token',
    fetch,
  });

const request = { to: '919876543210', orderNumber: 'RZ1A2B3C4D5E6F7', amount: '₹1,848' };

describe('the WhatsApp Cloud API client', () => {
  it('posts the cod_confirm template with its body slots and quick-reply payloads, as Meta documents', async () => {
    const { sent, fetch } = fakeFetch(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: '919876543210', wa_id: '919876543210' }],
      messages: [{ id: 'wamid.HBgMOTE5ODc2NTQzMjEw' }],
    });
    expect(await messenger(fetch).sendConfirmRequest(request)).toEqual({
      messageId: 'wamid.HBgMOTE5ODc2NTQzMjEw',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('https://graph.facebook.com/v21.0/106540352242922/messages');
    expect(sent[0]!.init.method).toBe('POST');
    expect(sent[0]!.init.headers).toMatchObject({
      authorization: 'Bearer EAAG-token',
      'content-type': 'application/json',
    });
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'cod_confirm',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'RZ1A2B3C4D5E6F7' },
              { type: 'text', text: '₹1,848' },
            ],
          },
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: '0',
            parameters: [{ type: 'payload', payload: 'CONFIRM:RZ1A2B3C4D5E6F7' }],
          },
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: '1',
            parameters: [{ type: 'payload', payload: 'CANCEL:RZ1A2B3C4D5E6F7' }],
          },
        ],
      },
    });
  });

  it("refuses for good on Meta's error for an unreachable number, and leaves an outage to be retried", async () => {
    const refused = fakeFetch(400, {
      error: { message: 'Message undeliverable', type: 'OAuthException', code: 131026, fbtrace_id: 'A1' },
    });
    const error = await messenger(refused.fetch)
      .sendConfirmRequest(request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WhatsAppRefused);
    expect(error).toMatchObject({ message: 'Message undeliverable', code: 131026 });

    const down = fakeFetch(503, { error: { message: 'Service temporarily unavailable', code: 2 } });
    const outage = await messenger(down.fetch)
      .sendConfirmRequest(request)
      .catch((e: unknown) => e);
    expect(outage).toBeInstanceOf(Error);
    expect(outage).not.toBeInstanceOf(WhatsAppRefused);
    expect((outage as Error).message).toBe('WhatsApp send failed: Service temporarily unavailable');
  });

  it('checks X-Hub-Signature-256 over the raw bytes with the app secret', () => {
    const raw = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
    const header = signatureOf(raw, 'app-secret');
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(isSignedBy(raw, header, 'app-secret')).toBe(true);
    expect(isSignedBy(raw, header, 'other-secret')).toBe(false);
    expect(isSignedBy(Buffer.from(`${raw.toString()} `), header, 'app-secret')).toBe(false);
    expect(isSignedBy(raw, undefined, 'app-secret')).toBe(false);
  });

  it('reads the quick-reply payloads back, and writes Indian numbers as WhatsApp does', () => {
    expect(parseReplyPayload('CONFIRM:RZ1A2B3C4D5E6F7')).toEqual({
      action: 'confirm',
      orderNumber: 'RZ1A2B3C4D5E6F7',
    });
    expect(parseReplyPayload('CANCEL:RZ1A2B3C4D5E6F7')).toEqual({
      action: 'cancel',
      orderNumber: 'RZ1A2B3C4D5E6F7',
    });
    expect(parseReplyPayload('MAYBE:RZ1')).toBeNull();
    expect(parseReplyPayload('CONFIRM:RZ1; drop table')).toBeNull();
    expect(waNumber('98765 43210')).toBe('919876543210');
    expect(waNumber('+91 98765-43210')).toBe('919876543210');
  });
});

describe('the DLT SMS gateway', () => {
  it('posts the sender header, the DLT template id and the filled template text', async () => {
    const { sent, fetch } = fakeFetch(200, { message_id: 'sms-1' });
    const sms = createHttpSms({ url: 'https://sms.example/v1/send', apiKey: 'key-1', fetch });
    const text = fillTemplate(SMS_TEMPLATE, ['RZ1A2B3C4D5E6F7', '₹1,848', 'https://shop.example/l']);
    expect(text).toBe(
      'Rangrez: please confirm your Cash on Delivery order RZ1A2B3C4D5E6F7 of ₹1,848. Confirm or cancel: https://shop.example/l',
    );
    expect(
      await sms.send({ to: '919876543210', sender: 'RNGREZ', templateId: '1107170000000000001', text }),
    ).toEqual({ messageId: 'sms-1' });
    expect(sent[0]!.url).toBe('https://sms.example/v1/send');
    expect(sent[0]!.init.headers).toMatchObject({ authorization: 'Bearer key-1' });
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({
      sender: 'RNGREZ',
      to: '919876543210',
      dlt_template_id: '1107170000000000001',
      message: text,
    });
  });
});
