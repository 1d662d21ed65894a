import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadFile, FileDownloadError } from '../../lib/download-file';
import { localized, useT } from '../../lib/i18n';
import './messages';

/** The month's figures as a CSV file (GET /api/association/totals.csv), a withheld figure written "fewer than 5". */
export function CsvButton({ year, month, fullWidth }: { year: string; month: string; fullWidth: boolean }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    const failed = t('associationtotals.downloadFailed');
    try {
      const query = new URLSearchParams({ academic_year: year, month });
      await downloadFile({ path: `/api/association/totals.csv?${query}`, accept: 'text/csv', fallbackName: `association-${month}.csv` }, failed);
    } catch (caught) {
      setError(caught instanceof FileDownloadError ? localized(t, caught.message) : failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Button variant="light" leftSection={<IconDownload size={18} />} onClick={() => void download()} loading={busy} fullWidth={fullWidth} data-testid="totals-csv">
        {t('associationtotals.download')}
      </Button>
      {error ? <Alert color="red" role="alert">{error}</Alert> : null}
    </Stack>
  );
}
