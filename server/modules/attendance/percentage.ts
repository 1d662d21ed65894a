import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The share of days present, as every attendance figure states it: numeric, rounded to one decimal,
 * null when nothing was marked. */
export const percentagePresent = (present: SQLWrapper | SQL, total: SQLWrapper | SQL) =>
  sql<number | null>`round(100.0 * ${present} / nullif(${total}, 0), 1)::float8`;
