import { is, Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from './database.js';

const dialect = new PgDialect();

/**
 * A statement of a hot path (the session lookup of every church request, marking attendance):
 * drizzle turns its template into text and parameter slots once, at first use, instead of on every
 * call, and each call only binds values to its `sql.placeholder(...)`s, so a large template is not
 * built again on every request. Like every query of the doors, the database prepares it once per
 * connection. A placeholder used several times in the text is one parameter ($n repeated), so the
 * values travel once: drizzle gives each use its own.
 */
export function fixedStatement<Row, Values extends Record<string, unknown>>(build: () => SQL) {
  let query: Query | undefined;
  return async (tx: Tx, values: Values): Promise<Row[]> => {
    query ??= sharingPlaceholders(dialect.sqlToQuery(build()));
    return rowsOf<Row>(await tx._.session.prepareQuery(query, undefined, 'fixed', false).execute(values));
  };
}

/** The query with one parameter per distinct placeholder name. Our statements' text holds no `$`
 * other than parameters (no dollar quoting, no `$` in literals). */
function sharingPlaceholders(query: Query): Query {
  const params: unknown[] = [];
  const indexOfName = new Map<string, number>();
  const text = query.sql.replace(/\$(\d+)\b/g, (_, n: string) => {
    const param = query.params[Number(n) - 1];
    if (is(param, Placeholder)) {
      let index = indexOfName.get(param.name);
      if (index === undefined) {
        params.push(param);
        index = params.length;
        indexOfName.set(param.name, index);
      }
      return `$${index}`;
    }
    params.push(param);
    return `$${params.length}`;
  });
  return { ...query, sql: text, params };
}
