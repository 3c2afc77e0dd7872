// A collection group on the home page (docs/product/screens.md#home): heading, description and sub-category
// tiles linking to /collection/{group}/{sub}.
import { toSlug } from '@rangrez/contract/rules/slugs';
import type { Subcategory } from '@rangrez/contract/schemas';
import { Link } from 'react-router';
import { AfterHydration } from '../../../components/AfterHydration';
import { collectionHref } from '../../../components/collection-href';
import { Picture } from '../../../components/Picture';

// The tiles' images come with the page's scripts (AfterHydration): below the hero, they would otherwise start
// downloading before the hero image is painted and slow it down on a phone.
function TileImage({ src }: { src: string }) {
  return (
    <Picture
      src={src}
      alt=""
      ladder="thumbnail"
      sizes="(min-width: 1280px) 200px, (min-width: 1024px) 16vw, (min-width: 640px) 33vw, 50vw"
      width={400}
      height={400}
      className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
    />
  );
}

export function CollectionSection({ group, subcategories }: { group: string; subcategories: Subcategory[] }) {
  const headingId = `group-${toSlug(group)}`;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4">
      <h2 id={headingId} className="text-2xl font-extrabold uppercase tracking-wide">
        {group}
      </h2>
      <p className="mt-1 text-neutral-600">
        {`${subcategories.length} ${subcategories.length === 1 ? 'style' : 'styles'} for ${group.toLowerCase()}: ${subcategories.map((s) => s.name).join(', ')}.`}
      </p>
      <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {subcategories.map((sub) => (
          <li key={sub.id}>
            <Link
              to={collectionHref(group, sub.name)}
              className="group block h-full overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/5"
            >
              <div className="aspect-square overflow-hidden bg-neutral-100">
                <AfterHydration>
                  <TileImage src={sub.thumbnail} />
                </AfterHydration>
              </div>
              <span className="block px-3 pt-2 text-sm font-bold">{sub.name}</span>
              {sub.description ? (
                <span className="line-clamp-2 block px-3 pb-3 pt-0.5 text-xs text-neutral-600">
                  {sub.description}
                </span>
              ) : (
                <span className="block pb-2" />
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
