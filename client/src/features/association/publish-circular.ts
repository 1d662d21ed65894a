import type { z } from 'zod';
import type { publishCircularInput } from '../../../../common/schemas/association-members';
import { getAssociationCredentials } from '../../lib/session-store';

/** A refusal of the publish form with a PDF: the server's message, or '' when none came. */
export class CircularUploadError extends Error {}

/**
 * POST /api/association/circulars/upload: the circular's fields, then its PDF, as multipart with the
 * officer's bearer token and association code. The circular is published with its PDF, or not at all.
 */
export async function publishCircularWithPdf(input: z.output<typeof publishCircularInput>, pdf: File): Promise<{ id: string }> {
  const body = new FormData();
  body.append('title', input.title);
  body.append('body', input.body);
  body.append('section_id', input.section_id ?? '');
  body.append('pdf', pdf, pdf.name);
  const credentials = getAssociationCredentials();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (credentials) {
    headers.authorization = `Bearer ${credentials.token}`;
    headers['x-church-code'] = credentials.churchCode;
  }
  let res: Response;
  try {
    res = await fetch('/api/association/circulars/upload', { method: 'POST', headers, body });
  } catch {
    throw new CircularUploadError('');
  }
  const answer = await res.json().catch(() => undefined) as { success?: boolean; data?: { id: string }; message?: string } | undefined;
  if (!res.ok || !answer?.success || !answer.data) throw new CircularUploadError(typeof answer?.message === 'string' ? answer.message : '');
  return answer.data;
}
