// Data a back-office page loads in the browser when it opens, and again after a change (`reload`).
import { useCallback, useEffect, useState } from 'react';
import { type AdminApi, errorText } from './api';
import { useAdminSession } from './session';

interface Loaded<T> {
  version: number;
  data?: T;
  error?: string;
}

/** `load` must keep its identity (a function declared at module level), or every render would load again. */
export function useAdminData<T>(load: (api: AdminApi) => Promise<T>) {
  const { api } = useAdminSession();
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  useEffect(() => {
    let live = true;
    load(api).then(
      (data) => live && setLoaded({ version, data }),
      (error: unknown) => live && setLoaded({ version, error: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, load, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return {
    // The previous answer stays on screen while a reload is under way.
    data: loaded?.data,
    error: loaded?.version === version ? loaded.error : undefined,
    loading: loaded?.version !== version,
    reload,
  };
}
