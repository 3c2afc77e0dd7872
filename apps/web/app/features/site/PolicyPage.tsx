// The four policy pages (docs/product/screens.md#policy-pages): a title, an introduction, accordions with one
// section open at a time, and the seller's and grievance officer's details.
import { Accordion, type AccordionItem } from '../../components/Accordion';
import type { SellerDetails as Seller } from '@rangrez/contract/services';
import { SellerDetails } from './SellerDetails';

export function PolicyPage({
  title,
  intro,
  sections,
  seller,
}: {
  title: string;
  intro: string;
  sections: AccordionItem[];
  seller: Seller;
}) {
  const items: AccordionItem[] = [
    ...sections,
    {
      id: 'grievance',
      title: 'Seller Details and Grievance Officer',
      content: (
        <>
          <p>
            {`Complaints about an order, a product or this policy can be raised with our Grievance Officer, who acknowledges every complaint within 48 hours and resolves it within one month of receipt.`}
          </p>
          <SellerDetails seller={seller} />
        </>
      ),
    },
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-black tracking-tight">{title}</h1>
      <p className="mt-4 leading-relaxed text-neutral-700">{intro}</p>
      <div className="mt-8">
        <Accordion items={items} initiallyOpen={sections[0]?.id ?? null} />
      </div>
    </div>
  );
}
