const REPORT_URL = '/api/admin/reports/churches.csv';

/** The file name the server gives in Content-Disposition, or a dated default. */
function fileNameOf(response: Response): string {
  const match = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? `churches-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * Generate Reports: the churches CSV is a REST download under /api/admin, where the browser sends the
 * console's cookie; it is fetched (to show the server's message when refused) and handed to the
 * browser as a file.
 * Throws with the server's message (its JSON error envelope) when it refuses.
 */
export async function downloadChurchesReport(fallback: string): Promise<void> {
  const response = await fetch(REPORT_URL);
  if (!response.ok) {
    const body = await response.json().catch(() => null) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' && body.message ? body.message : fallback);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download; the object URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
