import { NewsletterBlock } from '../features/site/NewsletterBlock';
import { seo } from '../lib/seo';
import type { Route } from './+types/about';

export async function loader({ context }: Route.LoaderArgs) {
  // The newsletter box is the spec's placeholder while the welcome offer is off or the settings cannot be read.
  const offer = await context.services.site.settings().then(
    (s) => s.welcomeOffer,
    () => null,
  );
  return {
    offer,
    meta: seo({
      title: 'About Us | Rangrez',
      description: 'The story behind Rangrez, streetwear printed on demand in India.',
      path: '/about',
      publicUrl: context.services.site.publicUrl,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

const reasons = [
  {
    title: 'Original designs',
    text: 'Every print is drawn in-house, inspired by anime, comics and urban culture.',
  },
  { title: 'Fair prices', text: 'Premium heavyweight cotton with prices starting at ₹800.' },
  { title: 'Printed on demand', text: 'Made when you order it: no dead stock, less waste.' },
  { title: 'Free prepaid shipping', text: 'Free delivery on all prepaid orders, across India.' },
];

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-4xl font-black tracking-tight">Our Story</h1>
      <p className="mt-4 text-lg leading-relaxed text-neutral-700">
        Rangrez means “the one who dyes”. We started with a simple idea: streetwear that speaks the language
        of the shows, panels and streets we grew up with, at prices that start at ₹800.
      </p>
      <section className="mt-12" aria-labelledby="mission">
        <h2 id="mission" className="text-2xl font-extrabold">
          Our Mission
        </h2>
        <p className="mt-3 leading-relaxed text-neutral-700">
          To make bold, comfortable clothing that lets you wear what you love, printed on demand so nothing
          goes to waste.
        </p>
      </section>
      <section className="mt-12" aria-labelledby="why">
        <h2 id="why" className="text-2xl font-extrabold">
          Why Choose Us
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {reasons.map((r) => (
            <li key={r.title} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-black/5">
              <h3 className="font-bold">{r.title}</h3>
              <p className="mt-1 text-neutral-600">{r.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-16">
        <NewsletterBlock offer={loaderData.offer} />
      </div>
    </div>
  );
}
