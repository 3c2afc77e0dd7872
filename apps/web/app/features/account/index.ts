// What other features may use of the account feature (eslint/web.js). Kept narrow: whatever is exported here
// is evaluated wherever another feature imports it, so the session store's own code (session-instance.ts) stays
// behind loadSession() and tabSession.
export { loadSession, tabSession, useSession } from './session';
