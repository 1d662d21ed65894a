import { and, eq, type Table } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MessageId } from '../../common/i18n/areas.js';
import type { Locale } from '../../common/i18n/locales.js';
import type { Tx } from '../db/index.js';

/**
 * A child's data, owner by owner. Each module that owns rows of a child exports one `ChildData` from
 * its index.ts: which of its tables hold them, what erasing the child does to them, and what the
 * family's export takes from them. The one list of them is server/child-data.ts; a child's erasure
 * (privacy) and a family's export (family-export) walk it and name no table themselves. A table with
 * a `student_id` column that no owner lists fails tests/integration/child-data.test.ts.
 */
export interface ChildData {
  /** The owning module (server/modules/<owner>/). */
  owner: string;
  tables: readonly ChildTable[];
  /**
   * In the erasing transaction, the child's row locked: erases what the student row's foreign keys
   * do not take with it, and reads what the erasure still has to do once those rows are gone.
   */
  erase?: (tx: Tx, child: ErasedChild) => Promise<ChildErasure>;
  /**
   * In the export's transaction: reads the child's rows and answers the export's files made of them,
   * and the sections of the family's summary (family-summary.pdf) that say in words what they keep.
   */
  export?: (tx: Tx, child: ExportedChild) => Promise<ChildExportItem[]>;
}

/** A table holding a child's rows, and what erasing the child does to those rows. */
interface ChildTable {
  table: Table;
  /** Said for the reader: deleted, rewritten, or kept and why. */
  erasure: string;
  /** The rows held the child's name, notes or family: once the erasure has committed, their dead
   * versions are purged from the database's files. */
  purge?: true;
}

interface ErasedChild {
  churchId: string;
  studentId: string;
}

/** What an owner's part of an erasure leaves for the end of it. */
interface ChildErasure {
  /** The ids of the child's rows that go: the audit entries tied to them are redacted with the child's. */
  rowIds?: readonly string[];
  /** Stored files (media storage keys) removed once the erasure has committed. */
  fileKeys?: readonly string[];
  /** Counts for the erasure's audit entry, which names neither the child nor any of the child's ids. */
  counts?: Readonly<Record<string, number>>;
}

/** The child of a family export, with what its documents are headed with. */
interface ExportedChild {
  churchId: string;
  studentId: string;
  name: string;
  /** The language of the family's documents: the guardians', else the church's. */
  language: Locale;
  church: { name: string; language: Locale; timeZone: string };
}

/**
 * A file of the family's export (a ZIP): made from the rows read, its bytes produced after the
 * transaction (so a PDF is drawn outside it); or a stored file, copied into the ZIP from the media
 * storage (`source` says which, should it be missing).
 */
export type ChildExportFile =
  | { name: string; bytes: () => Buffer | Promise<Buffer> }
  | { name: string; storedKey: string; source: string };

/**
 * A value of the family's summary, written in the summary's language when it is drawn: a text kept
 * as written (a name, a note), a message of the catalogues, a calendar day (YYYY-MM-DD), a month
 * (YYYY-MM), a moment, or a number.
 */
export type SummaryValue =
  | string
  | { message: MessageId; values?: Record<string, string | number> }
  | { day: string }
  | { month: string }
  | { moment: Date }
  | { number: number };

/**
 * One section of the family's summary, in words a parent reads: a heading, lines of label and value,
 * a table (column headings and rows), and what to say when it has nothing. Parts of the child's data
 * answer them beside their files; family-export draws them, in the order of the list.
 */
export interface SummarySection {
  heading: MessageId;
  fields?: ReadonlyArray<readonly [MessageId, SummaryValue]>;
  table?: { columns: readonly MessageId[]; rows: ReadonlyArray<readonly SummaryValue[]> };
  /** Said when the section has no table rows (and no fields). */
  empty?: MessageId;
  /** Lines under the section (a count of photos left out, say). */
  notes?: readonly SummaryValue[];
}

/** What a part of the child's data gives their export: files, and sections of the summary. */
type ChildExportItem = ChildExportFile | { summary: SummarySection };

/** A table of a child's rows: each row has its id and names its church and its child. */
type RowsOfAChild = PgTable & { id: AnyPgColumn; churchId: AnyPgColumn; studentId: AnyPgColumn };

/** The ids of a child's rows in one table (for an erasure's audit redaction). */
export async function idsOfChildRows(tx: Tx, table: RowsOfAChild, churchId: string, studentId: string): Promise<string[]> {
  const rows = await tx.select({ id: table.id }).from(table).where(and(eq(table.churchId, churchId), eq(table.studentId, studentId)));
  return rows.map((row) => String(row.id));
}

/** A JSON file of the export: indented, with a final newline. */
export function exportJson(name: string, value: unknown): ChildExportFile {
  return { name, bytes: () => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8') };
}
