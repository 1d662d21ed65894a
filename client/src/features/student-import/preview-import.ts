import type { ImportField, ImportMapping, ImportStatus } from '../../../../common/student-import';
import { getCredentials } from '../../lib/session-store';

/** The preview as POST /api/students/import/preview answers it. */
export interface ImportPreview {
  /** The line of the header row, and the first rows of the file (the header row may be any of them). */
  header_line: number;
  top_lines: Array<{ line: number; text: string }>;
  columns: string[];
  mapping: ImportMapping;
  /** The mapping is the church's last import's. */
  remembered: boolean;
  rows: Array<{
    line: number;
    /** The cells as written (the date too: the server reads it again on import). */
    values: Record<Exclude<ImportField, 'name' | 'date_of_birth' | 'parent_phone'>, string | null>
      & { name: string; date_of_birth: string; parent_phone: string };
    status: ImportStatus;
    reason?: string;
    /** Every reason of the row, at once. */
    errors: string[];
  }>;
  counts: Record<ImportStatus, number>;
  /** How many more students the plan allows; null: no limit. */
  can_add: number | null;
}

/**
 * POST /api/students/import/preview: multipart (the class, the mapping when the user changed it, the
 * header row when the user chose it, the file), with the session's bearer token and church code. Rejects with the server's message.
 */
export async function previewImport(classId: string, file: File, mapping?: ImportMapping, headerLine?: number): Promise<ImportPreview> {
  const body = new FormData();
  body.append('class_id', classId);
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  if (headerLine !== undefined) body.append('header_row', String(headerLine));
  body.append('file', file, file.name);
  const credentials = getCredentials();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (credentials) {
    headers.authorization = `Bearer ${credentials.token}`;
    headers['x-church-code'] = credentials.churchCode;
  }
  const res = await fetch('/api/students/import/preview', { method: 'POST', headers, body });
  const answer = await res.json().catch(() => undefined) as { success?: boolean; data?: ImportPreview; message?: string } | undefined;
  if (!res.ok || !answer?.success || !answer.data) throw new Error(typeof answer?.message === 'string' ? answer.message : '');
  return answer.data;
}
