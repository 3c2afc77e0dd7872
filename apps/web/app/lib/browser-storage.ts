// The tab's localStorage, shared by the session, the cart and the sign-in lock: each of them keeps state there.

/** localStorage when the environment has one that works, else null (server, disabled storage). */
export function browserStorage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage ?? null;
  } catch {
    // Privacy modes can throw on access: callers then keep their state in memory only.
    return null;
  }
}
