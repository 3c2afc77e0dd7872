import { NewsletterOutcome } from '../features/site/NewsletterOutcome';
import type { Route } from './+types/newsletter.confirm';

export const meta: Route.MetaFunction = () => [
  { title: 'Newsletter | Rangrez' },
  { name: 'robots', content: 'noindex' },
];

/** The link in the confirmation e-mail: confirmed (idempotently) before the page is rendered. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { outcome: await context.services.newsletter.confirm(token) };
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  return <NewsletterOutcome title="Newsletter subscription" outcome={loaderData.outcome} />;
}
