// Which sessions were alive a moment ago (docs/decisions/036-session-bound-tokens.md). Every authenticated request
// checks its token's session in the database; this per-instance memory skips that query for a session seen alive
// less than SESSION_CHECK_CACHE_MS ago. A session revoked on another instance is therefore refused here at most that
// long after; one revoked through this instance is forgotten at once.
import type { Clock } from '../../lib/clock.ts';

/** How long an instance trusts what it last read of a session: sign-out and revocation reach it within this. */
export const SESSION_CHECK_CACHE_MS = 5_000;
/** Sessions remembered at most; past it the oldest are forgotten (they are read again on their next request). */
const MAX_ENTRIES = 10_000;

interface Entry {
  userId: string;
  until: number;
}

export function createSessionCache(clock: Clock, ttlMs = SESSION_CHECK_CACHE_MS) {
  const entries = new Map<string, Entry>();
  return {
    /** True when the session was seen alive, for this user, less than ttlMs ago. */
    isKnownAlive(sessionId: string, userId: string): boolean {
      const entry = entries.get(sessionId);
      if (!entry) return false;
      if (entry.until <= clock.now().getTime()) {
        entries.delete(sessionId);
        return false;
      }
      return entry.userId === userId;
    },
    rememberAlive(sessionId: string, userId: string): void {
      entries.delete(sessionId);
      entries.set(sessionId, { userId, until: clock.now().getTime() + ttlMs });
      if (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
    forgetSessions(sessionIds: readonly string[]): void {
      for (const id of sessionIds) entries.delete(id);
    },
    forgetUser(userId: string): void {
      for (const [id, entry] of entries) if (entry.userId === userId) entries.delete(id);
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
