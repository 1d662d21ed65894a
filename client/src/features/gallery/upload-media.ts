import { MEDIA_MESSAGES } from '../../../../common/media-limits';
import { getCredentials } from '../../lib/session-store';
import { abortReason } from './abort-reason';

/** A refused or failed upload, with the text to show: the server's message when it sent one. */
export class UploadFailed extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
  }
}

/** The text fields of the upload form, as POST /api/gallery/upload reads them. */
export interface UploadFields {
  title: string;
  description: string;
  academic_year: string;
  month: string;
  department: string;
  /** The children shown in every file: student ids, comma-separated (blank: none). Sent with the
   * other fields, before the files, so the server checks them before storing a file. */
  student_ids: string;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The message of the REST envelope: `{success: false, message}` or `{success: true, data: {message}}`. */
function messageOf(xhr: XMLHttpRequest): string | undefined {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown; data?: { message?: unknown } };
    return text(body.message) ?? text(body.data?.message);
  } catch {
    return undefined;
  }
}

/**
 * POST /api/gallery/upload: multipart, the text fields first (the server checks them before it
 * stores a file), then each file as `files`, with the session's bearer token and church code.
 * XMLHttpRequest rather than fetch: only it reports the progress of a request's body. `signal`
 * aborts the request (the Cancel button). Resolves with the server's message.
 */
export function uploadMedia(
  fields: UploadFields,
  files: readonly File[],
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    for (const file of files) body.append('files', file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/gallery/upload');
    xhr.setRequestHeader('Accept', 'application/json');
    const credentials = getCredentials();
    if (credentials) {
      xhr.setRequestHeader('Authorization', `Bearer ${credentials.token}`);
      xhr.setRequestHeader('X-Church-Code', credentials.churchCode);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(messageOf(xhr) ?? MEDIA_MESSAGES.uploaded);
      } else {
        reject(new UploadFailed(messageOf(xhr) ?? MEDIA_MESSAGES.uploadFailed, xhr.status));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadFailed(MEDIA_MESSAGES.uploadFailed));
    };
    xhr.onabort = () => {
      settle();
      reject(abortReason(signal));
    };
    xhr.send(body);
  });
}
