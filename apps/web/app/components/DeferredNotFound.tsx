// The 404 page as error boundaries show it: rare, so its code is fetched only when one is shown.
import { deferred } from '../lib/deferred';

export const DeferredNotFound = deferred(() => import('./NotFound').then((m) => m.NotFound));
