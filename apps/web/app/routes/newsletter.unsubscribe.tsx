import { NewsletterOutcome } from '../features/site/NewsletterOutcome';
import type { Route } from './+types/newsletter.unsubscribe';

export const meta: Route.MetaFunction = () => [
  { title: 'Unsubscribe | Rangrez' },
  { name: 'robots', content: 'noindex' },
];

/** The visible link at the foot of every newsletter e-mail: one click, no sign-in (decision 030). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { outcome: await context.services.newsletter.unsubscribe(token) };
}

export default function NewsletterUnsubscribe({ loaderData }: Route.ComponentProps) {
  return <NewsletterOutcome title="Newsletter" outcome={loaderData.outcome} />;
}
