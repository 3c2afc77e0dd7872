import { LoginPage } from '../features/account/components/LoginPage';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [
  { title: 'Sign In | Rangrez' },
  { name: 'robots', content: 'noindex' },
];

export default function Login() {
  return <LoginPage />;
}
