import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/index.js';

/**
 * The statements of one SQL text, split at the semicolons outside quotes and dollar-quoted bodies.
 * pg-boss sends a few texts of several statements (its maintenance, wrapped in BEGIN ... COMMIT);
 * a door runs one statement per query.
 */
function statementsOf(text: string): string[] {
  const statements: string[] = [];
  let current = '';
  let dollar = false;
  let quote = false;
  for (let i = 0; i < text.length; i++) {
    if (!quote && text.startsWith('$$', i)) {
      dollar = !dollar;
      current += '$$';
      i++;
      continue;
    }
    const ch = text[i];
    if (!dollar && ch === "'") quote = !quote;
    if (ch === ';' && !dollar && !quote) {
      if (current.trim()) statements.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim()) statements.push(current.trim());
  // The door is the transaction: pg-boss's own BEGIN and COMMIT would end it early.
  return statements.filter((statement) => !/^(begin|commit)$/i.test(statement));
}

/**
 * A value as the driver should receive it, as node-postgres (pg-boss's own driver) would send it:
 * undefined is null (postgres.js refuses it), JSON data comes as objects (our doors' connections
 * pass json parameters through as they are).
 */
const parameter = (value: unknown) =>
  value === undefined ? null
    : value instanceof Date ? value.toISOString()
    : value !== null && typeof value === 'object' && !Array.isArray(value) ? JSON.stringify(value)
      : value;

/** `$1`, `$2`... of a pg-boss statement as Drizzle parameters (each a single value, arrays too). */
function withParameters(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${sql.param(parameter(values[Number(part) - 1]))}`);
  });
  return sql.join(chunks);
}

/**
 * pg-boss's database, as its `db` option takes it (`executeSql(text, values)`): every statement
 * runs in a platform door transaction, as app_platform, which may read and write the queue's
 * tables and nothing else there (migrations/0022_job_queue.sql). So a statement of the queue never runs in
 * another request's transaction: on PostgreSQL the door takes a connection of the platform pool,
 * on PGlite its transactions wait for one another on the single connection. A text of several
 * statements runs as one transaction, as pg-boss meant it to.
 */
export function queueDatabase(db: Database) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const statements = statementsOf(text);
      if (values.length && statements.length !== 1) throw new Error('Job queue: parameters for a text of several statements');
      return db.withPlatform(async (tx) => {
        let rows: unknown[] = [];
        for (const statement of statements) rows = rowsOf(await tx.execute(withParameters(statement, values)));
        return { rows };
      });
    },
  };
}
