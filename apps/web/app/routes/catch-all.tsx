import { redirect } from 'react-router';

// Spec §2: any unknown path redirects to /404.
export function loader() {
  return redirect('/404');
}

export default function CatchAll() {
  return null;
}
