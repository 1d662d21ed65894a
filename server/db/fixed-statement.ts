import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from './database.js';

const dialect = new PgDialect();

/**
 * A statement of a hot path (the session lookup of every church request, marking attendance):
 * drizzle turns its template into text and parameter slots once, at first use, instead of on every
 * call, and each call only binds values to its `sql.placeholder(...)`s, so a large template is not
 * built again on every request. Like every query of the doors, the database prepares it once per
 * connection.
 */
export function fixedStatement<Row, Values extends Record<string, unknown>>(build: () => SQL) {
  let query: Query | undefined;
  return async (tx: Tx, values: Values): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(build());
    return rowsOf<Row>(await tx._.session.prepareQuery(query, undefined, 'fixed', false).execute(values));
  };
}
