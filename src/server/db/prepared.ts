import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * A query prepared once per database: Drizzle builds its SQL once instead of on every call, and on
 * PostgreSQL it runs as a named statement, parsed and planned once per connection
 * (docs/decisions/prepared-statements.md). For the hot reads only; `name` must be unique.
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

/** Renders SQL the way the app's Drizzle instances do (db/client.ts: snake_case casing). */
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A hand-written statement (`sql` with `sql.placeholder(…)` for its parameters) prepared like the
 * query-builder ones above: its text is rendered once, and on PostgreSQL it runs as the named
 * statement `name`, parsed and planned once per connection, and sent afterwards as its name and
 * parameters only. `db.execute(sql…)` renders the text on every call and sends it unnamed, to be
 * parsed and planned again. Resolves with the rows.
 */
export function preparedSql<Row>(
  name: string,
  statement: SQL,
): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const perDb = preparedPerDb((db) => db._.session.prepareQuery(query, undefined, name, false));
  // Without selected fields both drivers resolve with their own result, which has the rows.
  return async (db, values) => ((await perDb(db).execute(values)) as { rows: Row[] }).rows;
}
