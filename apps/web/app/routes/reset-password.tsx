import { ResetPasswordPage } from '../features/account/components/ResetPasswordPage';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = () => [
  { title: 'Set a new password | Rangrez' },
  { name: 'robots', content: 'noindex' },
];

export default function ResetPassword() {
  return <ResetPasswordPage />;
}
