import { PolicyPage } from '../features/site/PolicyPage';
import { seo } from '../lib/seo';
import type { Route } from './+types/return';

export async function loader({ context }: Route.LoaderArgs) {
  const { site } = context.services;
  const { seller, supportHours } = await site.settings();
  return {
    seller,
    supportHours,
    meta: seo({
      title: 'Refund Policy | Rangrez',
      description:
        'Returns for manufacturing defects within 7 days of delivery, pickup in 24-48 hours and refunds within 14 business days.',
      path: '/return',
      publicUrl: site.publicUrl,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function RefundPolicy({ loaderData: { seller, supportHours } }: Route.ComponentProps) {
  return (
    <PolicyPage
      title="Refund Policy"
      intro={`Every Rangrez piece is printed on demand for you. This policy explains when ${seller.legalName} takes a product back, how a pickup works and when your money comes back.`}
      seller={seller}
      sections={[
        {
          id: 'eligibility',
          title: 'Returns for Manufacturing Defects',
          content: (
            <>
              <p>
                We accept returns for manufacturing defects only: a misprint, a damaged or defective garment,
                or a product different from the one you ordered. A return must be requested within 7 days of
                delivery.
              </p>
              <p>
                {`To request one, write to ${seller.email} with your order number and clear photos of the defect and of the label. We confirm within 24 hours whether the return is approved.`}
              </p>
            </>
          ),
        },
        {
          id: 'size',
          title: 'Size and Fit',
          content: (
            <p>
              We do not accept returns or exchanges for size or fit. Please check the size chart on the
              product page (in inches or centimetres) before you order.
            </p>
          ),
        },
        {
          id: 'pickup',
          title: 'Return Pickup',
          content: (
            <p>
              After approval our courier partner collects the product from your delivery address within 24-48
              hours. The courier makes at most 2 pickup attempts; if the product cannot be collected after the
              second attempt, the return request is closed. Please pack the product unused, unwashed and with
              its tags.
            </p>
          ),
        },
        {
          id: 'refunds',
          title: 'Refunds',
          content: (
            <p>
              Once the returned product reaches us and passes inspection, the refund is issued within 14
              business days: to the original payment method for prepaid orders, or to a bank account or UPI ID
              you share with us for cash on delivery orders.
            </p>
          ),
        },
        {
          id: 'cancellation',
          title: 'Cancellations',
          content: (
            <p>
              Cash on delivery orders can be cancelled only before they are dispatched. Prepaid orders are
              final once placed: they go to print straight away and cannot be cancelled.
            </p>
          ),
        },
        {
          id: 'support',
          title: 'Customer Support',
          content: (
            <p>
              {`Our support team works ${supportHours} and replies to every message within 24 hours. Write to ${seller.email} or call ${seller.phone}.`}
            </p>
          ),
        },
      ]}
    />
  );
}
