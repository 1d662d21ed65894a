import type { ImportMapping, ImportStatus } from '../../../../common/student-import';
import { getCredentials } from '../../lib/session-store';

/** The preview as POST /api/students/import/preview answers it. */
export interface ImportPreview {
  columns: string[];
  mapping: ImportMapping;
  rows: Array<{
    line: number;
    values: { name: string; date_of_birth: string; parent_phone: string; parent_email: string | null; roll_number: string | null };
    status: ImportStatus;
    reason?: string;
  }>;
  counts: Record<ImportStatus, number>;
  /** How many more students the plan allows; null: no limit. */
  can_add: number | null;
}

/**
 * POST /api/students/import/preview: multipart (the class, the mapping when the user changed it, the
 * file), with the session's bearer token and church code. Rejects with the server's message.
 */
export async function previewImport(classId: string, file: File, mapping?: ImportMapping): Promise<ImportPreview> {
  const body = new FormData();
  body.append('class_id', classId);
  if (mapping) body.append('mapping', JSON.stringify(mapping));
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
