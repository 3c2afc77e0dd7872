// returnTo handling (docs/product/screens.md#route-guard): only a path on this site, so a crafted link cannot
// send a user elsewhere after signing in (open redirect).

/** The target after sign-in: a same-site path starting with a single '/', else '/'. */
export function sanitizeReturnTo(value: string | null | undefined): string {
  if (!value) return '/';
  const path = value.trim();
  // '//evil.test' and '/\evil.test' are protocol-relative URLs to browsers; control characters are stripped
  // by URL parsers and could turn '/\t/evil.test' into '//evil.test'.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return '/';
  try {
    const base = 'http://rangrez.invalid';
    const url = new URL(path, base);
    if (url.origin !== base) return '/';
    // Signing in from the sign-in pages themselves would loop.
    if (url.pathname === '/login' || url.pathname === '/signup') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** '/login?returnTo=%2Fprofile' for the page the user is on. */
export function loginHref(currentPath: string): string {
  return `/login?returnTo=${encodeURIComponent(sanitizeReturnTo(currentPath))}`;
}
