// Links that open a phone's dialler or WhatsApp on the store's numbers.

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** wa.me wants the full international number as digits; a 10-digit Indian number gets the 91 prefix. */
export function whatsappHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `https://wa.me/${digits.length === 10 ? `91${digits}` : digits}`;
}
