import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * People's names in the order a reader of any script expects: ICU's root collation (the Unicode
 * Collation Algorithm with CLDR's root order). Latin names come first, case and accents breaking ties
 * only (anil, Bina, Émile, Zara), then each script in Unicode's order, every one by its own alphabet:
 * Devanagari (Hindi), Tamil, then Malayalam. The databases' default collation is C, which compares
 * code points: capitals before small letters and 'Émile' after 'Zara'.
 *
 * "und-x-icu" exists on PostgreSQL built with ICU (every mainstream package; PostgreSQL 15 and later
 * need it for ICU collations at all) and in PGlite (PostgreSQL 18 compiled with ICU), so both
 * backends sort alike and the SQL needs no per-backend choice.
 */
export const byName = (column: AnyColumn): SQL => sql`${column} collate "und-x-icu"`;
