import { NOT_FOUND_MESSAGES } from '@rangrez/contract/rules/site-messages';
import { data } from 'react-router';
import { NotFound } from '../components/NotFound';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: `${NOT_FOUND_MESSAGES.title} | Rangrez` },
  { name: 'robots', content: 'noindex' },
];

export default function NotFoundRoute() {
  return <NotFound />;
}
