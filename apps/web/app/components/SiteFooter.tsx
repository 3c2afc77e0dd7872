import { Link } from 'react-router';
import { whatsappHref } from '../lib/contact-links';
import { useRootData } from '../lib/root-data';

const company = [
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
];
const policies = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms & Conditions' },
  { to: '/return', label: 'Refund Policy' },
  { to: '/shipping', label: 'Shipping Policy' },
];
const networks = [
  { key: 'instagram', label: 'Instagram' },
  { key: 'facebook', label: 'Facebook' },
  { key: 'x', label: 'X (Twitter)' },
  { key: 'youtube', label: 'YouTube' },
] as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
  // The store's settings (back office, else the environment); a network without a link is left out.
  const footer = useRootData()?.footer ?? null;
  const social: { href: string; label: string }[] = networks
    .map((n) => ({ href: footer?.social[n.key] ?? '', label: n.label }))
    .filter((s) => s.href !== '');
  if (footer?.whatsappNumber) social.push({ href: whatsappHref(footer.whatsappNumber), label: 'WhatsApp' });
  return (
    <footer className="mt-16 bg-ink text-neutral-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-xl font-black text-white">RANGREZ</p>
          <p className="mt-3 text-sm leading-relaxed">
            Streetwear fashion inspired by anime, comics and urban culture. Designed in India, printed on
            demand.
          </p>
        </div>
        <FooterList title="Company" items={company} />
        <FooterList title="Policies" items={policies} />
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wider text-white">Get in touch</h2>
          {footer && (
            <p className="mt-3 text-sm">
              <a className="hover:text-white" href={`mailto:${footer.email}`}>
                {footer.email}
              </a>
            </p>
          )}
          <ul className="mt-3 flex flex-wrap gap-3 text-sm">
            {social.map((s) => (
              <li key={s.label}>
                <a className="hover:text-white" href={s.href} rel="noopener noreferrer" target="_blank">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10 py-4 text-center text-xs">
        <p>{`© ${year} Rangrez. All rights reserved.`}</p>
        <p className="mt-1 text-neutral-400">
          PIN code data: All India Pincode Directory, Department of Posts, Government of India (Government
          Open Data License – India).
        </p>
      </div>
    </footer>
  );
}

function FooterList({ title, items }: { title: string; items: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-bold uppercase tracking-wider text-white">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {items.map((i) => (
          <li key={i.to}>
            <Link className="hover:text-white" to={i.to}>
              {i.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
