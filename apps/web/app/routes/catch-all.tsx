import { redirect } from 'react-router';

// Any unknown path redirects to /404 (docs/product/screens.md#not-found).
export function loader() {
  return redirect('/404');
}

export default function CatchAll() {
  return null;
}
