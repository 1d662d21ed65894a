import { getCredentials } from '../../lib/session-store';

/** A failed download, with the text to show: the server's message when it sent one. */
export class CsvDownloadError extends Error {
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

/**
 * GET /api/attendance/class/{classId}/monthly.csv?year=&month= with the session's bearer token and
 * church code (as the tRPC link sends them), saved as a file by the browser.
 */
export async function downloadMonthlyCsv(
  { classId, year, month }: { classId: string; year: number; month: number },
  fallbackMessage: string,
) {
  const credentials = getCredentials();
  const headers: Record<string, string> = { Accept: 'text/csv, application/json' };
  if (credentials) {
    headers.Authorization = `Bearer ${credentials.token}`;
    headers['X-Church-Code'] = credentials.churchCode;
  }
  const query = new URLSearchParams({ year: String(year), month: String(month) });
  let response: Response;
  try {
    response = await fetch(`/api/attendance/class/${encodeURIComponent(classId)}/monthly.csv?${query}`, { headers });
  } catch {
    throw new CsvDownloadError(fallbackMessage);
  }
  if (!response.ok) throw new CsvDownloadError((await messageOf(response)) ?? fallbackMessage, response.status);

  const blob = await response.blob();
  const name = fileNameOf(response, `attendance-${year}-${String(month).padStart(2, '0')}.csv`);
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
