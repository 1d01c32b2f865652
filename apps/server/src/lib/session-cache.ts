// A short-lived, in-process memo of active sessions, so a burst of signed-in requests costs one
// session lookup instead of one each.
//
// What keeps it correct:
// - Only sessions found active are kept; an unknown, revoked or expired one is asked again each time.
// - An entry lives `ttlMs` (about a second), measured on a monotonic clock. The token's own expiry
//   is checked before the cache is asked, so an expired session is never served from here.
// - Concurrent lookups of one session share one query: the entry holds the query's promise from
//   the moment it starts.
// - `forget` (called on logout, and for every session a password reset or change ends, after the
//   revocation is committed) drops the entry, so the next request in this process queries again and
//   is refused. Another API process may still accept the token until its own entry ends: at most
//   `ttlMs` later.
// - At most `maxEntries` sessions are kept; the oldest entry makes room for a new one.

export interface SessionCache<T> {
  /** The cached value of a session, or `load()`'s, which is kept for ttlMs when it finds one. */
  get(sessionId: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  /** Drops a session, so that its next lookup goes to the database. */
  forget(sessionId: string): void;
  clear(): void;
}

export interface SessionCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Monotonic milliseconds; tests may pass their own. */
  clock?: () => number;
}

interface Entry<T> {
  until: number;
  value: Promise<T | undefined>;
}

export function createSessionCache<T>({ ttlMs = 1000, maxEntries = 10_000, clock = () => performance.now() }: SessionCacheOptions = {}): SessionCache<T> {
  const entries = new Map<string, Entry<T>>();

  function drop(sessionId: string, entry: Entry<T>): void {
    if (entries.get(sessionId) === entry) entries.delete(sessionId);
  }

  return {
    get(sessionId, load) {
      const now = clock();
      const cached = entries.get(sessionId);
      if (cached && cached.until > now) return cached.value;
      if (cached) entries.delete(sessionId);

      const entry: Entry<T> = { until: now + ttlMs, value: load() };
      if (ttlMs <= 0) return entry.value;
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(sessionId, entry);
      entry.value.then(
        (found) => {
          if (found === undefined) drop(sessionId, entry);
        },
        () => drop(sessionId, entry),
      );
      return entry.value;
    },

    forget(sessionId) {
      entries.delete(sessionId);
    },

    clear() {
      entries.clear();
    },
  };
}
