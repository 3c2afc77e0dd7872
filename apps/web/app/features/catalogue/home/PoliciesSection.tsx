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

// On a phone the five cards are one compact strip (icon and title; the line under each title is there for screen
// readers), so the first products come within two screens of the top; from the small breakpoint up, the cards.
export function PoliciesSection() {
  return (
    <section aria-labelledby="our-policies" className="mx-auto max-w-7xl px-4 py-6 text-center sm:py-14">
      <h2 id="our-policies" className="text-xl font-black tracking-tight sm:text-3xl">
        Our Policies
      </h2>
      <p className="mx-auto mt-1 max-w-2xl text-sm text-neutral-600 sm:mt-3 sm:text-base">
        We believe in making your shopping experience as smooth as possible with our customer-friendly
        policies
      </p>
      <ul className="mt-4 grid grid-cols-5 gap-1 sm:mt-10 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
        {POLICIES.map(({ title, text, Icon }) => (
          <li
            key={title}
            className="flex flex-col items-center rounded-xl px-0.5 py-2 sm:bg-white sm:p-5 sm:shadow-sm sm:ring-1 sm:ring-black/5"
          >
            <span className="flex h-9 w-9 items-center justify-center rounded-full bg-accent/10 text-accent sm:h-12 sm:w-12">
              <Icon className="h-5 w-5 sm:h-6 sm:w-6" />
            </span>
            <h3 className="mt-1.5 text-[11px] font-bold leading-tight sm:mt-3 sm:text-base">{title}</h3>
            <p className="sr-only sm:not-sr-only sm:mt-1 sm:text-sm sm:text-neutral-600">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
