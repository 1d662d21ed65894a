import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadFile, FileDownloadError, type ReportFile } from '../lib/download-file';
import { localized, useT } from '../lib/i18n';
import { notify } from '../lib/notify';

/** A button that downloads a file of the API with the session's credentials; a refusal is told in a
 * notice, in the server's words when it sent some. The caller's texts are already translated. */
export function DownloadButton({ file, label, failed, testId }: { file: ReportFile; label: string; failed: string; testId?: string }) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const download = () => {
    setPending(true);
    downloadFile(file, failed)
      .catch((error: unknown) => notify({ color: 'red', message: error instanceof FileDownloadError ? localized(t, error.message) : failed }))
      .finally(() => setPending(false));
  };
  return (
    <Button variant="light" size="compact-sm" leftSection={<IconDownload size={16} aria-hidden />} loading={pending} onClick={download}
      data-testid={testId} style={{ maxWidth: '100%' }}>
      {label}
    </Button>
  );
}
