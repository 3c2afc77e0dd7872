import { SignupPage } from '../features/account/components/SignupPage';
import type { Route } from './+types/signup';

export const meta: Route.MetaFunction = () => [
  { title: 'Create Account | Rangrez' },
  { name: 'robots', content: 'noindex' },
];

/** Sign-up offers the newsletter's welcome offer while it is on (docs/newsletter.md). */
export async function loader({ context }: Route.LoaderArgs) {
  const welcomeOffer = await context.services.site.settings().then(
    (s) => s.welcomeOffer,
    () => null,
  );
  return { welcomeOffer };
}

export default function Signup({ loaderData }: Route.ComponentProps) {
  return <SignupPage welcomeOffer={loaderData.welcomeOffer} />;
}
