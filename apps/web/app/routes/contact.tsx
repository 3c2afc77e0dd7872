import { COMING_SOON_MESSAGE } from '@rangrez/contract/rules/catalogue-messages';
import type { ReactNode } from 'react';
import { notify } from '../components/toast-store';
import { ChatIcon, MailIcon, PinIcon } from '../features/site/contact-icons';
import { SellerDetails } from '../features/site/SellerDetails';
import { telHref, whatsappHref } from '../lib/contact-links';
import { seo } from '../lib/seo';
import type { Route } from './+types/contact';

export async function loader({ context }: Route.LoaderArgs) {
  const { site } = context.services;
  const { seller, supportHours, whatsappNumber } = await site.settings();
  return {
    seller,
    supportHours,
    whatsappNumber,
    meta: seo({
      title: 'Contact Us | Rangrez',
      description: 'Write, call or message the Rangrez team: postal address, phone and e-mail support.',
      path: '/contact',
      publicUrl: site.publicUrl,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Contact({
  loaderData: { seller, supportHours, whatsappNumber },
}: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-4xl font-black tracking-tight">Contact Us</h1>
      <p className="mt-4 max-w-2xl text-lg leading-relaxed text-neutral-700">
        {`Questions about an order, a size or a design? We are here ${supportHours} and reply to every message within 24 hours.`}
      </p>
      <ul className="mt-10 grid gap-4 md:grid-cols-3">
        <ContactCard icon={<PinIcon className="h-6 w-6" />} title="Visit or write to us">
          <address className="whitespace-pre-line not-italic">{`${seller.legalName}\n${seller.address}`}</address>
        </ContactCard>
        {/* WhatsApp only on the number the store set for it: the customer-care line may be a landline. */}
        {whatsappNumber ? (
          <ContactCard icon={<ChatIcon className="h-6 w-6" />} title="Message us">
            <a
              className="font-semibold underline underline-offset-2"
              href={whatsappHref(whatsappNumber)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {`WhatsApp ${whatsappNumber}`}
            </a>
          </ContactCard>
        ) : (
          <ContactCard icon={<ChatIcon className="h-6 w-6" />} title="Call us">
            <a className="font-semibold underline underline-offset-2" href={telHref(seller.phone)}>
              {seller.phone}
            </a>
          </ContactCard>
        )}
        <ContactCard icon={<MailIcon className="h-6 w-6" />} title="Email us">
          <a className="font-semibold underline underline-offset-2" href={`mailto:${seller.email}`}>
            {seller.email}
          </a>
        </ContactCard>
      </ul>
      <section
        aria-labelledby="careers"
        className="mt-12 rounded-2xl bg-white p-8 text-center ring-1 ring-black/5"
      >
        <h2 id="careers" className="text-2xl font-extrabold">
          Work with us
        </h2>
        <p className="mt-2 text-neutral-600">
          Designers, printers and storytellers: we are building the team.
        </p>
        <button
          type="button"
          onClick={() => notify(COMING_SOON_MESSAGE)}
          className="mt-6 rounded-full bg-ink px-6 py-3 font-bold text-white hover:bg-black/80"
        >
          Explore Jobs
        </button>
      </section>
      <section aria-labelledby="seller" className="mt-12">
        <h2 id="seller" className="text-xl font-extrabold">
          Seller Details
        </h2>
        <div className="mt-4 rounded-2xl bg-white p-6 ring-1 ring-black/5">
          <SellerDetails seller={seller} />
        </div>
      </section>
    </div>
  );
}

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-accent/10 text-accent">
        {icon}
      </span>
      <h2 className="mt-4 font-bold">{title}</h2>
      <div className="mt-2 text-sm leading-relaxed text-neutral-700">{children}</div>
    </li>
  );
}
