import type { Db } from './client.ts';

/**
 * A query prepared once per database: Drizzle builds its SQL once instead of on every call, and on
 * PostgreSQL it runs as a named statement, parsed and planned once per connection
 * (docs/decisions.md#server-performance). For the hot reads only; `name` must be unique.
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDb = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDb.get(db);
    if (query === undefined) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
}
