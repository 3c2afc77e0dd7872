import { toSlug } from '@rangrez/contract/rules';
import { Link } from 'react-router';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [
  { title: 'Rangrez | Streetwear inspired by anime, comics and urban culture' },
  {
    name: 'description',
    content:
      'Oversized tees, hoodies, sweatshirts, crop tops and jackets, printed on demand in India. Free shipping on prepaid orders.',
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const collections = await context.services.catalogue.subcategories();
  return { collections };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const groups = Object.entries(loaderData.collections);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-4xl font-black tracking-tight sm:text-5xl">Wear the story.</h1>
      <p className="mt-3 max-w-2xl text-neutral-600">
        Streetwear inspired by anime, comics and urban culture, printed on demand and shipped across India.
      </p>
      <div id="collections" className="mt-12 space-y-14">
        {groups.map(([group, subcategories]) => (
          <section key={group} aria-labelledby={`group-${toSlug(group)}`}>
            <h2 id={`group-${toSlug(group)}`} className="text-2xl font-extrabold uppercase tracking-wide">
              {group}
            </h2>
            {subcategories[0]?.description ? (
              <p className="mt-1 text-neutral-600">{subcategories[0].description}</p>
            ) : null}
            <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
              {subcategories.map((sub) => (
                <li key={sub.id}>
                  <Link
                    to={`/collection/${toSlug(group)}/${toSlug(sub.name)}`}
                    className="group block overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/5"
                  >
                    <img
                      src={sub.thumbnail}
                      alt=""
                      width={400}
                      height={500}
                      loading="lazy"
                      decoding="async"
                      className="aspect-[4/5] w-full object-cover transition group-hover:scale-105"
                    />
                    <span className="block px-3 py-2 text-sm font-semibold">{sub.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
