// Named prepared statements for the hottest reads. A prepared query skips building its SQL in
// Drizzle on every call, and PostgreSQL parses (and, once it trusts a generic plan, plans) a
// named statement once per connection instead of once per call.
//
// A Drizzle prepared query belongs to the handle that built it (the app's pool, a test's
// database, a transaction), so each handle gets its own, built on first use. The name is what
// PostgreSQL knows the statement by on each connection: one name must always mean one SQL text.

/** `build` runs once per handle; later calls with the same handle get the same prepared query. */
export function preparedPerHandle<H extends object, Q>(build: (handle: H) => Q): (handle: H) => Q {
  const byHandle = new WeakMap<H, Q>();
  return (handle) => {
    let prepared = byHandle.get(handle);
    if (prepared === undefined) {
      prepared = build(handle);
      byHandle.set(handle, prepared);
    }
    return prepared;
  };
}
