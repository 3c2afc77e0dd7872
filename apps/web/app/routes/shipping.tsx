import { formatINR } from '@rangrez/contract/rules/money';
import { PolicyPage } from '../features/site/PolicyPage';
import { seo } from '../lib/seo';
import type { Route } from './+types/shipping';

export async function loader({ context }: Route.LoaderArgs) {
  const { site, cod } = context.services;
  const { seller, supportHours } = await site.settings();
  return {
    seller,
    supportHours,
    codFee: await cod.feeRupees(),
    meta: seo({
      title: 'Shipping Policy | Rangrez',
      description:
        'Free shipping on prepaid orders, dispatch in 1-2 business days, delivery in 3-5 days to metros and 3-7 days across India.',
      path: '/shipping',
      publicUrl: site.publicUrl,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function ShippingPolicy({
  loaderData: { seller, supportHours, codFee },
}: Route.ComponentProps) {
  return (
    <PolicyPage
      title="Shipping Policy"
      intro="We print every order on demand and ship it across India with our courier partners. Here is what shipping costs and how long it takes."
      seller={seller}
      sections={[
        {
          id: 'charges',
          title: 'Shipping Charges',
          content: (
            <>
              <p>Shipping is free on every prepaid order (cards, UPI, net banking and wallets).</p>
              <p>
                {`Cash on delivery orders carry a fee of ${formatINR(codFee)}, shown in the order summary before you place the order. Prices on the site are inclusive of all taxes.`}
              </p>
            </>
          ),
        },
        {
          id: 'dispatch',
          title: 'Dispatch Time',
          content: (
            <p>
              Your order is printed, checked and dispatched within 1-2 business days of being placed. Orders
              placed on Sundays and public holidays are processed on the next business day.
            </p>
          ),
        },
        {
          id: 'delivery',
          title: 'Delivery Time',
          content: (
            <p>
              After dispatch, delivery takes 3-5 days to metro cities and 3-7 days to the rest of India.
              Remote areas may occasionally take longer; we will let you know if that happens.
            </p>
          ),
        },
        {
          id: 'tracking',
          title: 'Order Tracking',
          content: (
            <p>
              Once your order ships, its status and the courier&apos;s tracking number appear on your Orders
              page. If a delivery attempt fails, the courier tries again or contacts you on the phone number
              in your order.
            </p>
          ),
        },
        {
          id: 'support',
          title: 'Questions About Delivery',
          content: (
            <p>
              {`Write to ${seller.email} or call ${seller.phone}, ${supportHours}. We reply to every message within 24 hours.`}
            </p>
          ),
        },
      ]}
    />
  );
}
