// The SMS port (docs/cod-confirmation.md#sms): the fallback when WhatsApp cannot reach the shopper. India requires
// every commercial SMS to match a template registered on DLT, sent under a registered 6-letter sender header; the
// template id and header are store settings, the text below is what is registered.

export interface SmsMessage {
  /** 91 and the ten-digit mobile. */
  to: string;
  /** The sender header registered on DLT (smsSenderHeader). */
  sender: string;
  /** The DLT template id (smsDltTemplateId). */
  templateId: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<{ messageId: string }>;
}

/** The registered template: each {#var#} is one slot (order number, amount, link), in this order. */
export const SMS_TEMPLATE =
  'Rangrez: please confirm your Cash on Delivery order {#var#} of {#var#}. Confirm or cancel: {#var#}';

/** The template with its slots filled in order, as the provider must receive it. */
export function fillTemplate(template: string, values: readonly string[]): string {
  let i = 0;
  return template.replace(/\{#var#\}/g, () => values[i++] ?? '');
}
