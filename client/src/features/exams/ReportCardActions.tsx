import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical, IconDownload, IconShare } from '@tabler/icons-react';
import { downloadFile, FileDownloadError } from '../../lib/download-file';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { ShareReportCardDialog } from './ShareReportCardDialog';
import './messages';

/**
 * A child's row of a published result sheet: their report card as a PDF (with the session's
 * credentials, as the class's report cards download) and a guardian's link to it.
 */
export function ReportCardActions({ classId, studentId, name }: { classId: string; studentId: string; name: string }) {
  const t = useT();
  const [sharing, setSharing] = useState(false);
  const download = () => {
    const failed = t('exams.sheet.downloadFailed');
    downloadFile({
      path: `/api/exams/classes/${classId}/report-cards.pdf?student_id=${studentId}`, accept: 'application/pdf', fallbackName: 'report-card.pdf',
    }, failed).catch((error: unknown) => notify({ color: 'red', message: error instanceof FileDownloadError ? localized(t, error.message) : failed }));
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('exams.share.actionsOf', { name })} data-testid="report-card-actions">
            <IconDotsVertical size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>{t('exams.share.download')}</Menu.Item>
          <Menu.Item leftSection={<IconShare size={16} aria-hidden />} onClick={() => setSharing(true)}>{t('exams.share.action')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {sharing ? <ShareReportCardDialog studentId={studentId} childName={name} onClose={() => setSharing(false)} /> : null}
    </>
  );
}
