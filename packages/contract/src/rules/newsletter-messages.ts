// The newsletter's texts (docs/newsletter.md), apart from its schemas so the newsletter box carries no zod.
import { COMING_SOON_MESSAGE } from './catalogue-messages.ts';

export const NEWSLETTER_MESSAGES = {
  /** The consent line next to the checkbox; stored with each subscription as the words agreed to. */
  consentLine: 'Send me new drops and offers. Unsubscribe any time.',
  emailRequired: 'Please enter your e-mail address',
  emailInvalid: 'Please enter a valid e-mail address',
  consentRequired: 'Please tick the box to agree to our e-mails',
  /** The same answer for a new, pending or confirmed address: it tells nobody who is subscribed. */
  checkInbox: 'Almost there! Check your inbox and open the link we sent to confirm your subscription.',
  /** The welcome offer is off: the box is the spec's placeholder again, and the server refuses. */
  closed: COMING_SOON_MESSAGE,
  confirmed: 'You are subscribed. Your welcome code is on its way to your inbox.',
  confirmedNoOffer: 'You are subscribed. Thank you!',
  confirmInvalid:
    'This confirmation link is invalid or has expired. Please subscribe again to get a new one.',
  unsubscribed: 'You have been unsubscribed. You will not get any more newsletter e-mails from us.',
  unsubscribeInvalid: 'This unsubscribe link is invalid.',
} as const;
