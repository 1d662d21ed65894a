import { Alert, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useParams } from 'react-router-dom';
import { QueryErrorState } from '../../components/ErrorState';
import { LanguagePicker } from '../../components/LanguagePicker';
import { httpStatusOf } from '../../lib/errors';
import { formatCalendarDateIn } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import './certificate-messages';

/**
 * The public check of a certificate, open to anyone at /verify/<code> (what its QR code opens): the
 * holder, the church, the certificate's title, class, year and day of issue, in the language the
 * page speaks (the browser's or the one chosen); not found, withdrawn. Made for a phone first.
 */
export function CertificateCheckPage() {
  const t = useT();
  const language = useLanguage();
  const { code = '' } = useParams<{ code: string }>();
  const check = trpc.exams.certificates.verify.useQuery({ code, lang: language }, { retry: false });
  const status = check.isError ? httpStatusOf(check.error) ?? 0 : 0;
  const notFound = [400, 404].includes(status);
  const withdrawn = status === 410;
  const data = check.data;
  const fields: Array<[string, string]> = data ? [
    [t('certificates.verify.holder'), data.holder_name],
    [t('certificates.verify.certificate'), data.title],
    [t('certificates.verify.church'), data.church_name],
    [t('certificates.verify.class'), data.class_name],
    [t('certificates.verify.year'), data.academic_year],
    [t('certificates.verify.issuedOn'), formatCalendarDateIn(language, data.issued_on)],
    [t('certificates.verify.code'), code.toUpperCase()],
  ] : [];
  return (
    <Container size="sm" px="md" py="lg" component="main">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{t('certificates.verify.title')}</Title>
          <LanguagePicker />
        </Group>
        {check.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label={t('certificates.verify.loading')}>
            <Skeleton height={28} width="60%" />
            <Skeleton height={120} />
          </Stack>
        ) : null}
        {notFound ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="certificate-not-found">
            {t('certificates.verify.notFound')}
          </Alert>
        ) : null}
        {withdrawn ? (
          <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="certificate-withdrawn">
            {t('certificates.verify.withdrawn')}
          </Alert>
        ) : null}
        {check.isError && !notFound && !withdrawn ? <QueryErrorState query={check} title={t('certificates.verify.error')} /> : null}
        {data ? (
          <Paper withBorder p="md" radius="md" data-testid="certificate-valid">
            <Stack gap="md">
              <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />}>{t('certificates.verify.valid')}</Alert>
              <Stack gap="sm" component="dl" m={0}>
                {fields.map(([label, value]) => (
                  <Stack key={label} gap={0}>
                    <Text component="dt" size="sm" c="dimmed">{label}</Text>
                    <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>{value}</Text>
                  </Stack>
                ))}
              </Stack>
            </Stack>
          </Paper>
        ) : null}
      </Stack>
    </Container>
  );
}
