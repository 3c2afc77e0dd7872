import { SignupPage } from '../features/account/components/SignupPage';
import type { Route } from './+types/signup';

export const meta: Route.MetaFunction = () => [
  { title: 'Create Account | Rangrez' },
  { name: 'robots', content: 'noindex' },
];

export default function Signup() {
  return <SignupPage />;
}
