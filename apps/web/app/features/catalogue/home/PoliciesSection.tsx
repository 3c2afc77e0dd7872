// 'Our Policies' (docs/product/texts.md#home-and-collections), word for word.
import type { ComponentType, SVGProps } from 'react';
import { BadgeIcon, LockIcon, ReturnIcon, SupportIcon, TruckIcon } from './policy-icons';

const POLICIES: { title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { title: '7 Days Return', text: 'Full refund within 7 days for manufacturing defects', Icon: ReturnIcon },
  { title: '24/7 Support', text: 'Dedicated customer support team at your service', Icon: SupportIcon },
  { title: 'Quality Assured', text: 'Every product passes our quality checks', Icon: BadgeIcon },
  { title: 'Secure Shopping', text: '100% secure payment processing', Icon: LockIcon },
  { title: 'Free Shipping', text: 'Free delivery on all prepaid orders', Icon: TruckIcon },
];

export function PoliciesSection() {
  return (
    <section aria-labelledby="our-policies" className="mx-auto max-w-7xl px-4 py-14 text-center">
      <h2 id="our-policies" className="text-3xl font-black tracking-tight">
        Our Policies
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-neutral-600">
        We believe in making your shopping experience as smooth as possible with our customer-friendly
        policies
      </p>
      <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {POLICIES.map(({ title, text, Icon }) => (
          <li
            key={title}
            className="flex flex-col items-center rounded-xl bg-white p-5 shadow-sm ring-1 ring-black/5"
          >
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-accent/10 text-accent">
              <Icon className="h-6 w-6" />
            </span>
            <h3 className="mt-3 font-bold">{title}</h3>
            <p className="mt-1 text-sm text-neutral-600">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
