import { PolicyPage } from '../features/site/PolicyPage';
import { seo } from '../lib/seo';
import type { Route } from './+types/privacy';

export async function loader({ context }: Route.LoaderArgs) {
  const { site } = context.services;
  return {
    seller: (await site.settings()).seller,
    meta: seo({
      title: 'Privacy Policy | Rangrez',
      description:
        'What personal data Rangrez collects, why, who it is shared with and how to exercise your rights.',
      path: '/privacy',
      publicUrl: site.publicUrl,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function PrivacyPolicy({ loaderData: { seller } }: Route.ComponentProps) {
  return (
    <PolicyPage
      title="Privacy Policy"
      intro={`${seller.legalName} runs this store. This policy explains what personal data we collect when you shop with us, why we need it and what you can ask us to do with it, in line with the Digital Personal Data Protection Act, 2023.`}
      seller={seller}
      sections={[
        {
          id: 'collect',
          title: 'What We Collect',
          content: (
            <ul className="list-disc space-y-1 pl-5">
              <li>
                Account details: your name, e-mail address, phone number and, if you choose, a profile
                picture.
              </li>
              <li>Delivery details: the addresses you enter at checkout.</li>
              <li>Orders: what you bought, when, the amount and the payment method.</li>
              <li>Your wishlist and cart, so they are there when you come back.</li>
            </ul>
          ),
        },
        {
          id: 'use',
          title: 'How We Use It',
          content: (
            <p>
              We use your data only to run your account, print, ship and support your orders, prevent fraud,
              and meet our legal obligations such as tax invoices. We send marketing messages only if you ask
              for them.
            </p>
          ),
        },
        {
          id: 'sharing',
          title: 'Who We Share It With',
          content: (
            <>
              <p>
                Our print-on-demand and courier partners receive the name, address and phone number needed to
                print and deliver your order. Online payments are processed by our payment gateway: we never
                see or store your card details.
              </p>
              <p>We do not sell your personal data.</p>
            </>
          ),
        },
        {
          id: 'storage',
          title: 'Cookies and Local Storage',
          content: (
            <p>
              Your browser keeps your sign-in session, your cart and the last collection you browsed, so the
              store works as you expect. We do not use advertising trackers.
            </p>
          ),
        },
        {
          id: 'rights',
          title: 'Your Rights',
          content: (
            <p>
              {`You can see and correct your details on your profile page, and ask us to send you a copy of your data or to delete your account by writing to ${seller.email}. We keep order records as long as tax law requires, even after an account is deleted.`}
            </p>
          ),
        },
        {
          id: 'security',
          title: 'Security',
          content: (
            <p>
              Passwords are stored only as strong one-way hashes, all traffic to the store is encrypted, and
              access to customer data within our team is limited to the people who need it to serve your
              orders.
            </p>
          ),
        },
      ]}
    />
  );
}
