import { getAssociationCredentials, getCredentials, type SessionKind } from './session-store';

/** A failed download, with the text to show: the server's message when it sent one. */
export class FileDownloadError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
  }
}

function fileNameOf(response: Response, fallback: string) {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? fallback;
}

async function messageOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/** A file of the API to download (a report, a result sheet): its REST path with query, what it is, and its name if the server sends none. */
export interface ReportFile {
  path: string;
  accept: string;
  fallbackName: string;
  /** Whose session asks for it: the church's (default), or an association officer's. */
  session?: SessionKind;
}

/**
 * GETs a report file with the session's bearer token and church code (as the tRPC link sends them)
 * and has the browser save it.
 */
export async function downloadFile(file: ReportFile, fallbackMessage: string) {
  const credentials = file.session === 'association' ? getAssociationCredentials() : getCredentials();
  const headers: Record<string, string> = { Accept: `${file.accept}, application/json` };
  if (credentials) {
    headers.Authorization = `Bearer ${credentials.token}`;
    headers['X-Church-Code'] = credentials.churchCode;
  }
  let response: Response;
  try {
    response = await fetch(file.path, { headers });
  } catch {
    throw new FileDownloadError(fallbackMessage);
  }
  if (!response.ok) throw new FileDownloadError((await messageOf(response)) ?? fallbackMessage, response.status);

  const blob = await response.blob();
  const name = fileNameOf(response, file.fallbackName);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; keep the URL a little longer anyway.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
