import { getCredentials } from '../../lib/session-store';

/** The file name the server gives in Content-Disposition, or the default. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * A REST download that needs the session (the consent form): fetched with the bearer token and the
 * church code, as the typed client sends them, and handed to the browser as a file. Throws with
 * the server's message (its JSON error envelope), or `failure` when there is none.
 */
export async function downloadWithSession(path: string, fallbackName: string, failure: string): Promise<void> {
  const credentials = getCredentials();
  const response = await fetch(path, {
    headers: credentials ? { authorization: `Bearer ${credentials.token}`, 'x-church-code': credentials.churchCode } : {},
  }).catch(() => undefined);
  if (!response?.ok) {
    const body = await response?.json().catch(() => null) as { message?: unknown } | null | undefined;
    throw new Error(typeof body?.message === 'string' && body.message ? body.message : failure);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download; the object URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
