import type { Db } from '../db/client';

/**
 * A hot read as a named prepared statement, built once per database handle: calls skip drizzle's
 * query building and PostgreSQL's parse and plan. Values come in through `sql.placeholder()`. A
 * transaction is a handle of its own, so inside one the statement is built for it and runs on the
 * transaction's connection.
 */
export function prepared<Q>(build: (db: Db, name: string) => Q, name: string): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db, name);
      built.set(db, query);
    }
    return query;
  };
}
