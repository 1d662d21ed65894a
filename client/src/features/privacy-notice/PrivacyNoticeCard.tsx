import { useEffect } from 'react';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { PRIVACY_NOTICE_MAX, PRIVACY_NOTICE_PARTS, type PrivacyNoticePart } from '../../../../common/consent';
import { QueryErrorState } from '../../components/ErrorState';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useCan, useSignedInSession } from '../auth';
import { noticePagePath } from '../../../../common/schemas/privacy-notice';
import { PART_HEADING } from './parts';
import './messages';

type Parts = Record<PrivacyNoticePart, string>;
const EMPTY: Parts = { controller: '', data_kept: '', purposes: '', retention: '', contact: '' };

/**
 * The church's privacy notice (super admin only): its five parts as the church writes them. A part
 * left empty is the standard text, shown as the field's placeholder, which parents read in their
 * own language; a part written here is shown as written. With the address of the page for parents.
 */
export function PrivacyNoticeCard() {
  const t = useT();
  const allowed = useCan('editPrivacyNotice');
  const { church } = useSignedInSession();
  const notice = trpc.privacyNotice.get.useQuery(undefined, { enabled: allowed });
  const utils = trpc.useUtils();
  const save = trpc.privacyNotice.update.useMutation({
    onSuccess: (answer) => {
      notify({ color: 'green', message: t('privacy.editor.saved') });
      utils.privacyNotice.get.setData(undefined, answer);
      form.resetDirty();
    },
  });
  const form = useForm<Parts>({
    initialValues: EMPTY,
    onValuesChange: () => {
      if (save.isError) save.reset();
    },
  });

  const written = notice.data?.written;
  useEffect(() => {
    if (written && !form.initialized) {
      form.initialize(Object.fromEntries(PRIVACY_NOTICE_PARTS.map((part) => [part, written[part] ?? ''])) as Parts);
    }
  }, [written, form]);

  if (!allowed) return null;

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">{t('privacy.editor.title')}</Title>
          <Text size="sm" c="dimmed">{t('privacy.editor.description')}</Text>
          <Anchor href={noticePagePath(church.code)} target="_blank" rel="noopener" size="sm">{t('privacy.editor.publicPage')}</Anchor>
        </Stack>
        {notice.isPending ? (
          <Stack gap="sm" aria-label={t('privacy.editor.loading')}>
            <Skeleton height={60} />
            <Skeleton height={60} />
          </Stack>
        ) : null}
        {notice.isError ? <QueryErrorState query={notice} title={t('privacy.editor.loadFailed')} /> : null}
        {notice.data ? (
          <form noValidate aria-label={t('privacy.editor.title')} onSubmit={form.onSubmit((values) => save.mutate(values))}>
            <Stack gap="md">
              {PRIVACY_NOTICE_PARTS.map((part) => {
                const shown = notice.data.notice[part];
                return (
                  <Textarea
                    key={form.key(part)}
                    label={t(PART_HEADING[part])}
                    autosize
                    minRows={2}
                    maxRows={8}
                    maxLength={PRIVACY_NOTICE_MAX[part]}
                    placeholder={shown.written_by_church ? undefined : shown.text}
                    description={`${form.getValues()[part].length} / ${PRIVACY_NOTICE_MAX[part]}`}
                    {...form.getInputProps(part)}
                  />
                );
              })}
              {save.isError ? (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {localized(t, serverMessage(save.error, t('privacy.editor.saveFailed')))}
                </Alert>
              ) : null}
              <Group gap="sm">
                <Button type="submit" loading={save.isPending}>{t('privacy.editor.save')}</Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Card>
  );
}
