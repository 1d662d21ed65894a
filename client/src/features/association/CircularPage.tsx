import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { QueryErrorState } from '../../components/ErrorState';
import { TableSkeleton } from '../../components/TableSkeleton';
import { ASSOCIATION_PATH } from '../../lib/association-path';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { CircularSummary } from './CircularsPage';
import { useMoment } from './shared';
import './messages';

/** One circular: its text, and each church it went to with who read it and when (or not yet). */
export function CircularPage() {
  const t = useT();
  const moment = useMoment();
  const id = useParams().id ?? '';
  const circulars = trpc.association.circulars.useQuery();
  const sections = trpc.association.sections.useQuery();
  const readers = trpc.association.circularReaders.useQuery({ id });
  const circular = circulars.data?.find((c) => c.id === id);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`${ASSOCIATION_PATH}/circulars`} size="sm">{t('association.circular.back')}</Anchor>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>{circular?.title ?? t('association.circulars.title')}</Title>
      {circulars.isError ? <QueryErrorState query={circulars} title={t('association.circulars.loadFailed')} /> : null}
      {circular ? (
        <>
          <CircularSummary circular={circular} sections={sections.data ?? []} onItsPage />
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="circular-text">{circular.body}</Text>
        </>
      ) : null}
      <Title order={2} size="h4">{t('association.circular.readers')}</Title>
      {readers.isPending ? <TableSkeleton rows={3} label={t('association.circular.loading')} /> : null}
      {readers.isError ? <QueryErrorState query={readers} title={t('association.circular.loadFailed')} /> : null}
      {readers.data && readers.data.length === 0 ? <Text c="dimmed">{t('association.circular.noChurches')}</Text> : null}
      {readers.data && readers.data.length > 0 ? (
        <Stack gap="sm" data-testid="circular-readers">
          {readers.data.map((church) => (
            <Paper key={church.church_id} withBorder p="sm" radius="md" data-testid="reader-church" data-code={church.church_code}>
              <Stack gap={4}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{church.church_name}</Text>
                  <Badge variant="light" color={church.read ? 'green' : 'gray'}>
                    {church.read ? t('association.circular.read') : t('association.circular.notRead')}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">{t('association.code', { code: church.church_code })}</Text>
                {church.readers.map((reader) => (
                  <Text key={`${reader.name}-${reader.read_at}`} size="sm" data-testid="reader">
                    {t('association.circular.reader', { name: reader.name, role: t('association.churchRole', { role: reader.role }), when: moment(reader.read_at) })}
                  </Text>
                ))}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
