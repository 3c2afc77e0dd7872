// Seller identity and grievance officer (Consumer Protection (E-Commerce) Rules 2020): legal name, address,
// customer-care contact, grievance officer name and contact. Values come from configuration.
import type { SellerDetails as Seller } from '@rangrez/contract/services';
import { telHref } from '../../lib/contact-links';

export function SellerDetails({ seller }: { seller: Seller }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
      <dt className="font-bold text-ink">Seller</dt>
      <dd>{seller.legalName}</dd>
      <dt className="font-bold text-ink">Registered address</dt>
      <dd className="whitespace-pre-line">{seller.address}</dd>
      <dt className="font-bold text-ink">Customer care</dt>
      <dd>
        <a className="underline underline-offset-2" href={`mailto:${seller.email}`}>
          {seller.email}
        </a>
        {' · '}
        <a className="underline underline-offset-2" href={telHref(seller.phone)}>
          {seller.phone}
        </a>
      </dd>
      <dt className="font-bold text-ink">Grievance Officer</dt>
      <dd>
        {seller.grievanceOfficer.name}
        <br />
        <a className="underline underline-offset-2" href={`mailto:${seller.grievanceOfficer.email}`}>
          {seller.grievanceOfficer.email}
        </a>
        {' · '}
        <a className="underline underline-offset-2" href={telHref(seller.grievanceOfficer.phone)}>
          {seller.grievanceOfficer.phone}
        </a>
      </dd>
    </dl>
  );
}
