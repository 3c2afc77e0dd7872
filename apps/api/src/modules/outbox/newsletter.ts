// The newsletter's e-mails (docs/newsletter.md): the double opt-in link and the welcome code. Every one carries
// the one-click unsubscribe of RFC 8058 (List-Unsubscribe with an https URL the mail program POSTs to, and
// List-Unsubscribe-Post) and a visible link to the unsubscribe page.
import { formatINR, paiseToRupees } from '@rangrez/contract/rules';
import { newsletterSubscribers, promotionCodes, promotions } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';
import type { StoreContact } from './confirmation.ts';
import { type Rendered, renderLetter } from './letter.tsx';
import type { OutboxRow } from './repository.ts';

async function subscriberOf(db: Executor, id: string) {
  const [row] = await db
    .select({
      unsubscribeToken: newsletterSubscribers.unsubscribeToken,
      code: promotionCodes.code,
      percent: promotions.percent,
      maxDiscountPaise: promotions.maxDiscountPaise,
      minSubtotalPaise: promotions.minSubtotalPaise,
    })
    .from(newsletterSubscribers)
    .leftJoin(promotionCodes, eq(promotionCodes.id, newsletterSubscribers.welcomeCodeId))
    .leftJoin(promotions, eq(promotions.id, promotionCodes.promotionId))
    .where(eq(newsletterSubscribers.id, id));
  return row;
}

type Subscriber = NonNullable<Awaited<ReturnType<typeof subscriberOf>>>;

/** The unsubscribe links of one subscriber: the API's one-click URL, the page, and a mailto fallback. */
export function unsubscribeLinks(publicUrl: string, token: string) {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    oneClick: `${publicUrl}/api/v1/newsletter/unsubscribe?${query}`,
    page: `${publicUrl}/newsletter/unsubscribe?${query}`,
  };
}

function unsubscribeHeaders(store: StoreContact, token: string): Record<string, string> {
  const { oneClick } = unsubscribeLinks(store.publicUrl, token);
  return {
    'List-Unsubscribe': `<${oneClick}>, <mailto:${store.supportEmail}?subject=Unsubscribe>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function confirmMessage(store: StoreContact, token: string, subscriber: Subscriber): Rendered {
  const link = `${store.publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
  return {
    ...renderLetter({
      subject: 'Confirm your Rangrez newsletter subscription',
      title: 'One click to confirm',
      paragraphs: [
        'Thanks for joining the Rangrez newsletter. Please confirm that this is your e-mail address with the link below; it works for 7 days.',
        'Once you confirm, we will send you your welcome code for your first order.',
        'If you did not ask for this, ignore this e-mail and you will hear nothing more from us.',
      ],
      link: { label: 'Confirm my subscription', url: link },
      supportEmail: store.supportEmail,
      unsubscribeUrl: unsubscribeLinks(store.publicUrl, subscriber.unsubscribeToken).page,
    }),
    headers: unsubscribeHeaders(store, subscriber.unsubscribeToken),
  };
}

/** "20% off your first order, up to ₹300" (and the minimum when there is one). */
function offerWords(s: Subscriber): string {
  const cap = s.maxDiscountPaise ? `, up to ${formatINR(paiseToRupees(s.maxDiscountPaise))}` : '';
  const min = s.minSubtotalPaise
    ? ` on orders of ${formatINR(paiseToRupees(s.minSubtotalPaise))} or more`
    : '';
  return `${s.percent ?? 0}% off your first order${cap}${min}`;
}

function welcomeMessage(store: StoreContact, subscriber: Subscriber): Rendered {
  if (!subscriber.code) throw new Error('newsletter-welcome: the subscriber has no code');
  return {
    ...renderLetter({
      subject: 'Your Rangrez welcome code',
      title: 'Welcome to Rangrez',
      paragraphs: [
        `You are subscribed. Here is your welcome gift: ${offerWords(subscriber)}.`,
        'Enter the code at checkout. It works once, on your first order.',
      ],
      rows: [['Your code', subscriber.code]],
      link: { label: 'Start shopping', url: `${store.publicUrl}/` },
      supportEmail: store.supportEmail,
      unsubscribeUrl: unsubscribeLinks(store.publicUrl, subscriber.unsubscribeToken).page,
    }),
    headers: unsubscribeHeaders(store, subscriber.unsubscribeToken),
  };
}

export async function renderNewsletterMessage(
  db: Executor,
  row: OutboxRow,
  store: StoreContact,
): Promise<Rendered> {
  const id = row.payload['subscriberId'];
  const subscriber = typeof id === 'string' ? await subscriberOf(db, id) : undefined;
  if (!subscriber) throw new Error(`${row.kind}: subscriber not found`);
  if (row.kind === 'newsletter-welcome') return welcomeMessage(store, subscriber);
  const token = row.payload['token'];
  if (typeof token !== 'string') throw new Error('newsletter-confirm: no token');
  return confirmMessage(store, token, subscriber);
}
