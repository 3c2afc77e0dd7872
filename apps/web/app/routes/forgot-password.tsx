import { ForgotPasswordPage } from '../features/account/components/ForgotPasswordPage';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = () => [
  { title: 'Forgot password | Rangrez' },
  { name: 'robots', content: 'noindex' },
];

export default function ForgotPassword() {
  return <ForgotPasswordPage />;
}
