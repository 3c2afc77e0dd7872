import { formatINR } from '@rangrez/contract/rules/money';
import { Link } from 'react-router';
import { PolicyPage } from '../features/site/PolicyPage';
import { seo } from '../lib/seo';
import type { Route } from './+types/terms';

export async function loader({ context }: Route.LoaderArgs) {
  const { site, cod } = context.services;
  return {
    seller: (await site.settings()).seller,
    codFee: await cod.feeRupees(),
    meta: seo({
      title: 'Terms & Conditions | Rangrez',
      description:
        'The terms for buying from Rangrez: orders, prices, payment, delivery, returns and grievances.',
      path: '/terms',
      publicUrl: site.publicUrl,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Terms({ loaderData: { seller, codFee } }: Route.ComponentProps) {
  return (
    <PolicyPage
      title="Terms & Conditions"
      intro={`These terms apply to every purchase from this store, which is operated by ${seller.legalName}. By placing an order you accept them.`}
      seller={seller}
      sections={[
        {
          id: 'products',
          title: 'Products and Prices',
          content: (
            <>
              <p>
                Every product is printed on demand in India. Colours on screen may differ slightly from the
                printed garment. Measurements are listed in each product&apos;s size chart.
              </p>
              <p>
                Prices are in Indian rupees and inclusive of all taxes. The struck-out MRP is the maximum
                retail price; the price you pay is the one shown in bold.
              </p>
            </>
          ),
        },
        {
          id: 'orders',
          title: 'Orders and Payment',
          content: (
            <p>
              {`You can pay online (prepaid) or by cash on delivery. Cash on delivery carries a ${formatINR(codFee)} fee, shown before you place the order; prepaid orders ship free. An order is confirmed when you receive its order number; we may cancel an order and refund it in full if a product cannot be printed.`}
            </p>
          ),
        },
        {
          id: 'delivery',
          title: 'Delivery',
          content: (
            <p>
              Delivery times and charges are described in our{' '}
              <Link className="underline" to="/shipping">
                Shipping Policy
              </Link>
              . Please make sure the address and phone number you give are correct.
            </p>
          ),
        },
        {
          id: 'returns',
          title: 'Returns, Refunds and Cancellations',
          content: (
            <p>
              Returns are accepted for manufacturing defects within 7 days of delivery; there are no returns
              for size. Cash on delivery orders can be cancelled before dispatch; prepaid orders are final.
              Details are in our{' '}
              <Link className="underline" to="/return">
                Refund Policy
              </Link>
              .
            </p>
          ),
        },
        {
          id: 'ip',
          title: 'Designs and Content',
          content: (
            <p>
              All designs, images and text on this store belong to Rangrez or its artists. You may not copy,
              print or sell them without written permission.
            </p>
          ),
        },
        {
          id: 'law',
          title: 'Governing Law',
          content: (
            <p>
              These terms are governed by the laws of India, including the Consumer Protection Act, 2019 and
              the Consumer Protection (E-Commerce) Rules, 2020. Nothing in them limits your rights as a
              consumer.
            </p>
          ),
        },
      ]}
    />
  );
}
