import { data } from 'react-router';
import { NotFound } from '../components/NotFound';
import { NOT_FOUND_META } from '../lib/seo';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => NOT_FOUND_META;

export default function NotFoundRoute() {
  return <NotFound />;
}
