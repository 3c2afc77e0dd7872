// The back office's layout for signed-in staff (docs/admin.md#the-admin-app). Client-rendered: the session is
// this tab's token (sessionStorage), which only the browser has. With a clientLoader and no server loader, the
// server renders the root's empty fallback and the browser loads the page. There is no HydrateFallback on
// purpose: React Router would wrap it with a helper that no shop page uses, and the shared entry chunk would grow.
import { isRouteErrorResponse } from 'react-router';
import { AdminShell } from '../features/admin/components/AdminShell';
import { Notice } from '../features/admin/components/ui';
import { loadAdminSession } from '../features/admin/session';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin';

export const meta: Route.MetaFunction = () => adminMeta();

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { staff: await loadAdminSession(request) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return <AdminShell staff={loaderData.staff} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong';
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <h1 className="mb-4 text-2xl font-bold">The back office could not open</h1>
      <Notice notice={{ kind: 'error', text }} />
      <a href="/admin" className="mt-6 inline-block font-semibold underline underline-offset-2">
        Try again
      </a>
    </div>
  );
}
